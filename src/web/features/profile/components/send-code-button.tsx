import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { phoneErrorText } from '../../../components/ui/phone-fields';
import { apiRequest } from '../../../lib/api-client';

/**
 * Asks the server to text a code to the account's verified phone (`url`: the proof's or the
 * deletion's, decisions 183 and 185), busy while it does, with a refusal (too many codes, no phone)
 * in words under it; `onSent` once the text is on its way.
 */
export function SendCodeButton({ url, label, onSent }: { url: string; label: string; onSent: () => void }) {
  const { t } = useTranslation('profile');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await apiRequest(url, { method: 'POST' });
      onSent();
    } catch (err) {
      setError(phoneErrorText(t, err));
    } finally {
      setSending(false);
    }
  };
  return (
    <div>
      <Button type="button" variant="outline" busy={sending} onClick={() => void send()}>
        {label}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
