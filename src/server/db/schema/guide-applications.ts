// Tables for guide-applications (issue #13); exported from schema/index.ts.
export {};
