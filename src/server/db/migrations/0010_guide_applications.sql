-- 0010_guide_applications: hand-written (its owner replaces this line). Keep statements separated by breakpoints.
SELECT 1;
