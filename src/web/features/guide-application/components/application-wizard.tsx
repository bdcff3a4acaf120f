import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MIN_HOURLY_PRICE } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import type { GuideApplication } from '../../../../shared/schemas/guide-applications';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { bracketed } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { errorKey, useSubmitApplication } from '../api';
import { toForm, type FormState } from '../form';
import { fieldErrors, pageOf, problemsFromServer, submitProblems, type Problem } from '../form-problems';
import { ApplicationPreview } from './preview';
import { AnswersStep } from './answers-step';
import { PersonalStep } from './personal-step';
import { ScoresStep } from './scores-step';
import { ServicesStep } from './services-step';
import { StepNav } from './step-nav';
import { useDraftAutosave } from './use-draft-autosave';

export const STEP_COUNT = 5;

/** ?step=1…5 (5 is the preview); anything else is page 1. */
export function stepFrom(params: URLSearchParams): number {
  const n = Number(params.get('step'));
  return Number.isInteger(n) && n >= 1 && n <= STEP_COUNT ? n : 1;
}

/** Problems and messages of a submit attempt (client check or server reply). */
interface SubmitErrors {
  declaration: boolean;
  problems: Problem[];
  /** A message other than the two SPEC ones (age, locked, network…). */
  other: string | null;
}

/**
 * /become-guide: four pages and a preview. Every change is saved to the server
 * draft shortly after typing stops, on Back/Next, with 'Save draft', and when the page is left, so a
 * reload or another device continues where the applicant stopped.
 */
export function ApplicationWizard({
  application,
  fallbackName,
}: {
  application: GuideApplication;
  fallbackName: string;
}) {
  const { t } = useTranslation(['guideApplication', 'licences']);
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const step = stepFrom(params);
  const [form, setForm] = useState<FormState>(() => toForm(application.data, fallbackName));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const [declared, setDeclared] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<SubmitErrors | null>(null);
  // The pages she has left (decision 198): checked as submitting will check them, on their fields and in the steps.
  const [left, setLeft] = useState<ReadonlySet<number>>(() => new Set());
  // The review note stays on screen while the applicant edits (the first save makes the application a draft again).
  const [review] = useState(() => ({ status: application.status, note: application.reviewNote }));
  const submit = useSubmitApplication();
  const heading = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // ---- saving ----
  const { save, setSave, dirty, flush } = useDraftAutosave(form, { data: application.data, fallbackName }, t);

  // ---- fields ----
  const set = useCallback((patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch })), []);
  const errors = fieldErrors(form);
  const open = submitProblems(form, application.documents);
  const problems = [...(submitErrors?.problems ?? []), ...open.filter((p) => left.has(pageOf(p)))];
  const err = (key: string): string | null => {
    // A protected title in a saved answer is named on its field, with what to do (the server's words,
    // in the applicant's language: decision 171); it goes with the next save once the answer is fixed.
    const title = application.titleProblems.find((p) => p.path === `data.${key}`);
    if (title) return title.message;
    const e = errors[key as keyof typeof errors];
    // A postal code with letters is flagged at once; the rest once the field was left (or after a submit attempt).
    if (e && (touched.has(key) || showAll || (key === 'residenceZipcode' && e === 'errors.zipChars'))) {
      if (e === 'errors.zipChars') return `${t('errors.zipCharsTitle')}: ${t('errors.zipChars')}`;
      // The floor in the currency the applicant prices in (decision 164): ¥1,000 or 50 元 an hour.
      return t(e, { min: formatMoney(MIN_HOURLY_PRICE[form.currency], form.currency, currentLocale()) });
    }
    const problem =
      key === 'experience'
        ? 'experienceMonths'
        : key === 'basicPrice'
          ? 'basicPricePerHourCents'
          : key === 'additionalPrice'
            ? 'additionalPricePerPersonCents'
            : key;
    if (problems.includes(problem as Problem)) return t('errors.required');
    return null;
  };
  const touch = (key: string) => () => setTouched((s) => (s.has(key) ? s : new Set(s).add(key)));

  // ---- navigation ----
  const goTo = (n: number, focus?: string) => {
    void flush();
    if (n !== step) setLeft((s) => (s.has(step) ? s : new Set(s).add(step)));
    setParams({ step: String(n) }, { state: focus ? { focus } : undefined });
  };

  // On a page change: focus the field a 'fix this' link named, otherwise the page heading.
  const focusTarget = (location.state as { focus?: string } | null)?.focus;
  useEffect(() => {
    const field = focusTarget ? document.querySelector<HTMLElement>(`[data-field="${focusTarget}"]`) : null;
    const control =
      field?.querySelector<HTMLElement>('input:not([type=file]), select, textarea') ??
      field?.querySelector<HTMLElement>('input');
    if (control) {
      control.focus();
      field?.scrollIntoView?.({ block: 'center' });
    } else if (heading.current && document.activeElement !== document.body) {
      window.scrollTo?.({ top: 0 });
      heading.current.focus({ preventScroll: true });
    }
  }, [step, focusTarget]);

  const saveNow = async () => {
    if (await flush()) {
      setSave({ kind: 'saved', at: new Date() });
      showToast({ title: t('save.savedToast'), variant: 'success' });
    }
  };

  // ---- submit ----
  /** Focus the errors' alert once it is drawn, unless focus has moved since (a 'fix this' link followed). */
  const focusAlert = () => {
    const before = document.activeElement;
    requestAnimationFrame(() => {
      if (document.activeElement === before) alertRef.current?.focus();
    });
  };
  const onSubmit = async () => {
    const clientProblems = submitProblems(form, application.documents);
    setShowAll(true);
    if (!declared || clientProblems.length) {
      setSubmitErrors({
        declaration: !declared,
        problems: clientProblems,
        other: errors.age === 'errors.minAge' ? t('errors.minAge') : null,
      });
      focusAlert();
      return;
    }
    setSubmitErrors(null);
    // After a review (changes requested, rejected) only a save makes the application a draft again, and
    // only a draft can be submitted: save even when no answer changed (a file description may have).
    if (!(await flush(application.status !== 'draft'))) {
      setSubmitErrors({ declaration: false, problems: [], other: t('save.failed') });
      return;
    }
    submit.mutate(true, {
      onSuccess: () => void navigate('/application-status'),
      onError: (e) => {
        const code = e instanceof ApiError ? e.code : undefined;
        const fields = e instanceof ApiError ? e.body?.fields : undefined;
        setSubmitErrors({
          declaration: code === 'declaration_required',
          problems:
            code === 'application_incomplete' ||
            code === 'validation_failed' ||
            code === 'age_below_minimum' ||
            code === 'protected_title'
              ? problemsFromServer(fields)
              : [],
          other: code === 'declaration_required' || code === 'application_incomplete' ? null : t(errorKey(e)),
        });
        focusAlert();
      },
    });
  };

  const stepProps = { form, set, err, touch };
  const fieldLabel = (p: Problem) =>
    p === 'documents'
      ? t('preview.documentsMissing')
      : p === 'residenceSince'
        ? t('fields.residenceSince')
        : t(`fields.${p}`);

  return (
    <div className="space-y-6">
      {(review.status === 'changes_requested' || review.status === 'rejected') && (
        <div className="rounded-xl border border-warning-500/50 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          <p className="font-semibold">
            {t(review.status === 'rejected' ? 'review.rejectedTitle' : 'review.changesTitle')}
          </p>
          <p className="mt-1">{t(review.status === 'rejected' ? 'review.rejectedBody' : 'review.changesBody')}</p>
          {review.note && <p className="mt-1 whitespace-pre-line">{t('review.note', { note: review.note })}</p>}
        </div>
      )}

      <StepNav
        step={step}
        total={STEP_COUNT}
        goTo={goTo}
        incomplete={(n) => n < STEP_COUNT && open.some((p) => pageOf(p) === n)}
      />

      <section
        aria-labelledby="step-title"
        className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 shadow-soft sm:p-6 dark:border-stone-800 dark:bg-stone-900"
      >
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="step-title"
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight focus:outline-none"
          >
            {step === STEP_COUNT ? t('preview.title') : t(`steps.${step}`)}
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('steps.of', { n: step, total: STEP_COUNT })}</p>
        </div>

        {step === 1 && <PersonalStep {...stepProps} application={application} />}
        {step === 2 && <ScoresStep {...stepProps} />}
        {step === 3 && <AnswersStep {...stepProps} />}
        {step === 4 && <ServicesStep {...stepProps} />}
        {step === 5 && (
          <div className="space-y-6">
            <ApplicationPreview form={form} documents={application.documents} />
            <div className="rounded-xl border border-stone-200 p-4 dark:border-stone-800">
              <h3 className="font-semibold">{t('preview.declarationTitle')}</h3>
              <CheckboxField
                className="mt-3"
                label={t('preview.declaration')}
                checked={declared}
                onChange={(e) => {
                  setDeclared(e.target.checked);
                  if (e.target.checked && submitErrors?.declaration)
                    setSubmitErrors({ ...submitErrors, declaration: false });
                }}
                error={submitErrors?.declaration ? t('errors.declaration') : null}
              />
            </div>
          </div>
        )}

        {submitErrors && (submitErrors.declaration || submitErrors.problems.length > 0 || submitErrors.other) && (
          <div
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="mt-6 space-y-2 rounded-xl border border-danger-600/40 bg-red-50 p-4 text-sm text-red-900 focus:outline-none dark:bg-red-950/40 dark:text-red-100"
          >
            {submitErrors.declaration && <p className="font-semibold">{t('errors.declaration')}</p>}
            {submitErrors.other && <p className="font-semibold">{submitErrors.other}</p>}
            {submitErrors.problems.length > 0 && (
              <>
                <p className="font-semibold">{t('errors.incomplete')}</p>
                <ul className="list-disc space-y-1 pl-5">
                  {submitErrors.problems.map((p) => (
                    <li key={p}>
                      <Link
                        to={`?step=${pageOf(p)}`}
                        state={{ focus: p }}
                        className="underline underline-offset-2 hover:no-underline"
                      >
                        {fieldLabel(p)}
                      </Link>
                      <span className="text-red-800/80 dark:text-red-200/80">
                        {bracketed(t(`steps.${pageOf(p)}`), currentLocale())}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}

        <div className="mt-8 flex flex-col-reverse gap-3 border-t border-stone-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-stone-800">
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={() => void saveNow()} busy={save.kind === 'saving'}>
              {t('nav.saveDraft')}
            </Button>
            <p role="status" className="text-sm text-stone-600 dark:text-stone-400" data-testid="save-state">
              {save.kind === 'saving'
                ? t('save.saving')
                : save.kind === 'failed'
                  ? (save.reason ?? t('save.failed'))
                  : dirty
                    ? t('save.unsaved')
                    : save.kind === 'saved'
                      ? t('save.saved', {
                          time: save.at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }),
                        })
                      : t('save.auto')}
            </p>
          </div>
          <div className="flex gap-3">
            {step > 1 && (
              <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => goTo(step - 1)}>
                {t('nav.back')}
              </Button>
            )}
            {step < STEP_COUNT ? (
              <Button className="flex-1 sm:flex-none" onClick={() => goTo(step + 1)}>
                {step === STEP_COUNT - 1 ? t('nav.preview') : t('nav.next')}
              </Button>
            ) : (
              <Button
                variant="accent"
                className="flex-1 sm:flex-none"
                busy={submit.isPending}
                onClick={() => void onSubmit()}
              >
                {submit.isPending ? t('nav.submitting') : t('nav.submit')}
              </Button>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
