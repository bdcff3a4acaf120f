/**
 * A price with the guide's own beside it (`formatBeside`, decision 168) that wraps, when it must,
 * only between the two amounts: "≈ 585 RMB ·" and "¥12,000 (JPY)" each stay whole. Any other text
 * reads as it is.
 */
export function BesideText({ text }: { text: string }) {
  const at = text.search(/ · |・/);
  if (at < 0) return <>{text}</>;
  const dot = text[at] === '・' ? '・' : ' · ';
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, at)}</span>
      {dot}
      <wbr />
      <span className="whitespace-nowrap">{text.slice(at + dot.length)}</span>
    </>
  );
}
