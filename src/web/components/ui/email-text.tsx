import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An e-mail address shown as text ("chenjing@example.co m"): it may wrap only before
 * its "@" and its dots, and anywhere only when even one part is wider than the line.
 */
export function EmailText({ email }: { email: string | null }) {
  const { t } = useTranslation();
  // An account made by phone or WeChat may have no address (decision 147): said so, not left blank.
  if (email === null) return <span className="text-stone-600 dark:text-stone-400">{t('account.noEmail')}</span>;
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
