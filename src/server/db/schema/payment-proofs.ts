// Tables for payment-proofs (issue #12); exported from schema/index.ts.
export {};
