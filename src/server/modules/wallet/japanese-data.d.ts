/** zengin-code ships its bank list without types: bank code → the bank, with its branches by code. */
declare module 'zengin-code' {
  interface ZenginEntry {
    code: string;
    name: string;
    kana: string;
    hira: string;
    roma: string;
  }
  const banks: Record<string, ZenginEntry & { branches: Record<string, ZenginEntry> }>;
  export default banks;
}

/** japanese-holidays ships no types; the one function used: the holiday's name at an instant in Japan, or undefined. */
declare module 'japanese-holidays' {
  const holidays: { isHolidayAt(at: Date, furikae?: boolean): string | undefined };
  export default holidays;
}
