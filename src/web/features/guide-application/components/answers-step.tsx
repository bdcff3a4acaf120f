import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/ui/form';
import { ANSWER_KEYS } from '../form';
import type { StepProps } from './step';

/** Page 3: five free-text answers. */
export function AnswersStep({ form, set, err, touch }: StepProps) {
  const { t } = useTranslation('guideApplication');
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('answers.intro')}</p>
      {ANSWER_KEYS.map((k) => (
        <div key={k} data-field={k}>
          <TextAreaField
            label={t(`fields.${k}`)}
            hint={t(`answers.${k}`)}
            rows={4}
            maxLength={2000}
            value={form[k]}
            onChange={(e) => set({ [k]: e.target.value })}
            onBlur={touch(k)}
            error={err(k)}
          />
        </div>
      ))}
    </div>
  );
}
