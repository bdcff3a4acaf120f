// Tables for withdrawals (issue #13); exported from schema/index.ts.
export {};
