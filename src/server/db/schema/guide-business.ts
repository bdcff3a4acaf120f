// Tables for guide-business (issue #13); exported from schema/index.ts.
export {};
