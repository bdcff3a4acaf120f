-- 0012_guide_business: hand-written (its owner replaces this line). Keep statements separated by breakpoints.
SELECT 1;
