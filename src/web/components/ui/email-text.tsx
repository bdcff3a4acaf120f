import { Fragment } from 'react';

/**
 * An e-mail address shown as text ("chenjing@example.co m"): it may wrap only before
 * its "@" and its dots, and anywhere only when even one part is wider than the line.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="whitespace-nowrap">{p}</span>
        </Fragment>
      ))}
    </span>
  );
}
