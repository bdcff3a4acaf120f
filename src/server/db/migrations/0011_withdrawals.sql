-- 0011_withdrawals: hand-written (its owner replaces this line). Keep statements separated by breakpoints.
SELECT 1;
