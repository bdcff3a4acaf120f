// Tables for tour (issue #12); exported from schema/index.ts.
export {};
