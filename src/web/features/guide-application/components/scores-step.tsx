import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/ui/form';
import { SCORE_KEYS } from '../form';
import { ScoreField } from './fields';
import type { StepProps } from './step';

/** Page 2: the three scores (1–9, bands 1–3 / 4–6 / 7–9) with a written description each. */
export function ScoresStep({ form, set, err, touch }: StepProps) {
  const { t } = useTranslation('guideApplication');
  return (
    <div className="space-y-8">
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('scores.intro')}</p>
      {SCORE_KEYS.map((k) => (
        <div key={k} className="space-y-4 rounded-xl border border-stone-200 p-4 dark:border-stone-800">
          <ScoreField
            score={k}
            value={form[`${k}Score`]}
            onChange={(v) => set({ [`${k}Score`]: v })}
            error={err(`${k}Score`)}
          />
          <div data-field={`${k}Description`}>
            <TextAreaField
              label={t(`fields.${k}Description`)}
              hint={t('scores.describe')}
              rows={3}
              maxLength={2000}
              value={form[`${k}Description`]}
              onChange={(e) => set({ [`${k}Description`]: e.target.value })}
              onBlur={touch(`${k}Description`)}
              error={err(`${k}Description`)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}
