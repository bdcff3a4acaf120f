import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MBTI_TYPES } from '../../../../shared/schemas/auth';
import { genderSchema, type User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Panel, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { PasswordField } from '../../../components/ui/password-field';
import { hasVisibleText } from '../../../../shared/display-text';
import { ApiError } from '../../../lib/api-client';
import { protectedTitleText } from '../../licences';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fromUser = (u: User) => ({
  fullName: u.fullName,
  nickname: u.nickname ?? '',
  email: u.email ?? '',
  gender: u.gender ?? '',
  age: u.age == null ? '' : String(u.age),
  city: u.city ?? '',
  mbti: u.mbti ?? '',
  bio: u.bio ?? '',
});

/** Profile fields that belong to every user (the guide-only ones arrive with guide profiles). */
export function PersonalInfoForm({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'licences']);
  const update = useUpdateProfile();
  const [v, setV] = useState(() => fromUser(user));
  const [submitted, setSubmitted] = useState(false);
  const [emailTaken, setEmailTaken] = useState(false);
  // A new e-mail address needs the current password (the server asks for it too).
  const [currentPassword, setCurrentPassword] = useState('');
  const [wrongPassword, setWrongPassword] = useState(false);
  // An account made by phone may have no address yet (decision 147): left empty, it is not sent.
  const emailChanged = v.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  const emailOptional = user.email === null && v.email.trim() === '';
  const needsPassword = emailChanged && !emailOptional && user.hasPassword;
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) => {
    setV((prev) => ({ ...prev, [key]: e.target.value }));
    if (key === 'email') setEmailTaken(false);
  };

  const ageNum = v.age.trim() === '' ? null : Number(v.age);
  const errors = {
    fullName: !hasVisibleText(v.fullName) ? t('personal.errors.fullName') : null,
    email:
      !emailOptional && !EMAIL.test(v.email.trim())
        ? t('personal.errors.email')
        : emailTaken
          ? t('personal.errors.emailTaken')
          : null,
    age:
      ageNum !== null && (!Number.isInteger(ageNum) || ageNum < 13 || ageNum > 120) ? t('personal.errors.age') : null,
    currentPassword: !needsPassword
      ? null
      : !currentPassword
        ? t('security.required')
        : wrongPassword
          ? t('security.wrongCurrent')
          : null,
  };
  const show = (k: keyof typeof errors) =>
    submitted || (k === 'email' && emailTaken) || (k === 'currentPassword' && wrongPassword) ? errors[k] : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.fullName || errors.email || errors.age || errors.currentPassword) return;
    update.mutate(
      {
        fullName: v.fullName.trim(),
        nickname: v.nickname.trim() || null,
        ...(emailOptional ? {} : { email: v.email.trim() }),
        gender: v.gender ? genderSchema.parse(v.gender) : null,
        age: ageNum,
        city: v.city.trim() || null,
        mbti: v.mbti ? (v.mbti as (typeof MBTI_TYPES)[number]) : null,
        bio: v.bio.trim() || null,
        ...(needsPassword ? { currentPassword } : {}),
      },
      {
        onSuccess: (u) => {
          setV(fromUser(u));
          setCurrentPassword('');
          setSubmitted(false);
          showToast({
            title: t('toasts.profileUpdated'),
            description: t('toasts.profileUpdatedBody'),
            variant: 'success',
          });
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : null;
          if (code === 'email_taken') setEmailTaken(true);
          if (code === 'wrong_password') setWrongPassword(true);
          showToast({
            title: t('toasts.updateFailed'),
            description:
              code === 'wrong_password'
                ? t('security.wrongCurrent')
                : (protectedTitleText(t, err) ?? t('toasts.updateFailedBody')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Panel id="personal" title={t('personal.title')} description={t('personal.description')}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('personal.fullName')}
          autoComplete="name"
          value={v.fullName}
          onChange={set('fullName')}
          error={show('fullName')}
          maxLength={100}
        />
        <TextField
          label={t('personal.nickname')}
          autoComplete="nickname"
          value={v.nickname}
          onChange={set('nickname')}
          maxLength={50}
        />
        <TextField
          label={t('personal.email')}
          type="email"
          autoComplete="email"
          value={v.email}
          onChange={set('email')}
          error={show('email')}
          wrapperClassName="sm:col-span-2"
        />
        {needsPassword && (
          <PasswordField
            label={t('security.current')}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => {
              setCurrentPassword(e.target.value);
              setWrongPassword(false);
            }}
            error={show('currentPassword')}
            hint={t('personal.emailPasswordHint')}
            wrapperClassName="sm:col-span-2"
          />
        )}
        <SelectField label={t('personal.gender')} value={v.gender} onChange={set('gender')}>
          <option value="">{t('personal.notSet')}</option>
          {genderSchema.options.map((g) => (
            <option key={g} value={g}>
              {t(`personal.genders.${g}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('personal.age')}
          type="number"
          inputMode="numeric"
          min={13}
          max={120}
          value={v.age}
          onChange={set('age')}
          error={show('age')}
        />
        <TextField
          label={t('personal.city')}
          autoComplete="address-level2"
          value={v.city}
          onChange={set('city')}
          maxLength={100}
        />
        <SelectField label={t('personal.mbti')} value={v.mbti} onChange={set('mbti')}>
          <option value="">{t('personal.notSet')}</option>
          {MBTI_TYPES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('personal.bio')}
          value={v.bio}
          onChange={set('bio')}
          maxLength={1000}
          wrapperClassName="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={update.isPending}>
            {t('personal.save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
