-- 0007_payment_proofs: hand-written (its owner replaces this line). Keep statements separated by breakpoints.
SELECT 1;
