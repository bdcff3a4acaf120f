// Tables for disputes (issue #12); exported from schema/index.ts.
export {};
