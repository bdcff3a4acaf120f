import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { yuchoTransferAccount, type YuchoTransferAccount } from '../../../shared/yucho';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form';

/**
 * A ゆうちょ passbook gives 記号・番号, not a branch and an account number: the guide types those and
 * they are converted by the bank's published rule (src/shared/yucho.ts) to the branch, the account
 * type and the seven-digit number a transfer needs, which fill the form.
 */
export function YuchoNumbers({ onConverted }: { onConverted: (account: YuchoTransferAccount) => Promise<boolean> }) {
  const { t } = useTranslation('wallet');
  const [kigo, setKigo] = useState('');
  const [bango, setBango] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const convert = async (e?: FormEvent) => {
    e?.preventDefault();
    const account = yuchoTransferAccount(kigo, bango);
    if (!account) return setError(t('yucho.invalid'));
    setError(null);
    setBusy(true);
    // The component is gone once the branch is chosen: only a refusal or a failure is shown here.
    const found = await onConverted(account).catch(() => null);
    if (found !== true) {
      setBusy(false);
      setError(t(found === false ? 'yucho.noBranch' : 'bank.loadFailed'));
    }
  };
  return (
    // Not a <form>: it sits inside the payout form, so Enter in its fields converts instead of submitting.
    <fieldset
      className="space-y-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700"
      data-testid="yucho-numbers"
    >
      <legend className="px-1 text-sm font-medium">{t('yucho.title')}</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('yucho.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('yucho.kigo')}
          inputMode="numeric"
          value={kigo}
          onChange={(e) => setKigo(e.target.value)}
          maxLength={7}
          autoComplete="off"
          onKeyDown={(e) => e.key === 'Enter' && void convert(e)}
        />
        <TextField
          label={t('yucho.bango')}
          inputMode="numeric"
          value={bango}
          onChange={(e) => setBango(e.target.value)}
          maxLength={10}
          autoComplete="off"
          error={error}
          onKeyDown={(e) => e.key === 'Enter' && void convert(e)}
        />
      </div>
      <Button type="button" size="sm" variant="outline" onClick={() => void convert()} disabled={busy}>
        {t('yucho.convert')}
      </Button>
    </fieldset>
  );
}
