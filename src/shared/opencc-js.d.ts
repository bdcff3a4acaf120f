/**
 * opencc-js ships types for its entry points but not for the dictionary groups under `from/` and
 * `to/`, which `title-skeleton.ts` imports one by one to leave the 1 MB phrase table out.
 */
declare module 'opencc-js/from/*' {
  const group: readonly (readonly (string | readonly (readonly [string, string])[])[])[];
  export default group;
}
declare module 'opencc-js/to/*' {
  const group: readonly (readonly (string | readonly (readonly [string, string])[])[])[];
  export default group;
}
