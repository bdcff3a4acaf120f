import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/user';
import { Button } from '../../../components/ui/button';
import { Panel, TextField } from '../../../components/ui/form';
import { phoneErrorText } from '../../../components/ui/phone-fields';
import { ApiError } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportData } from '../api/export-data';
import { dropReaderQueries } from '../../../lib/reader-queries';
import { DeleteProof, deleteProofWay } from './delete-proof';

/**
 * Data export and account deletion: the username typed as confirmation, and the proof this account can
 * give — its password, a code to its phone, or a WeChat sign-in just now (decision 185).
 */
export function AccountManagement({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const { t } = useTranslation('profile');
  const exporter = useExportData();
  const remover = useDeleteAccount();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [proofError, setProofError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === user.username.toLowerCase();
  const way = deleteProofWay(user);
  const proofGiven = way === 'password' ? password !== '' : way === 'code' ? code.trim() !== '' : true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!matches || !proofGiven) return;
    const confirmation = typed.trim();
    remover.mutate(
      way === 'password'
        ? { password, confirmation }
        : way === 'code'
          ? { code: code.trim(), confirmation }
          : { confirmation },
      {
        onSuccess: () => {
          setOpen(false);
          showToast({
            title: t('toasts.accountDeleted'),
            description: t('toasts.accountDeletedBody'),
            variant: 'success',
          });
          clearSession();
          dropReaderQueries(queryClient);
          onDeleted();
        },
        onError: (err) => {
          const failed = err instanceof ApiError ? err.code : undefined;
          if (failed === 'wrong_password') setProofError(t('management.wrongPassword'));
          else if (failed === 'invalid_code' || failed === 'code_expired') setProofError(phoneErrorText(t, err));
          else if (failed === 'reauth_required') setProofError(t('management.wechatFirst'));
          else
            showToast({
              title: t('toasts.updateFailed'),
              description: t('toasts.updateFailedBody'),
              variant: 'destructive',
            });
        },
      },
    );
  };

  return (
    <Panel id="account" title={t('management.title')}>
      <div className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-medium">{t('management.exportTitle')}</p>
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('management.exportHelp')}</p>
          </div>
          <Button
            variant="outline"
            className="shrink-0"
            busy={exporter.isPending}
            onClick={() =>
              exporter.mutate(undefined, {
                onSuccess: () =>
                  showToast({ title: t('toasts.exported'), description: t('toasts.exportedBody'), variant: 'success' }),
                onError: () =>
                  showToast({
                    title: t('toasts.exportFailed'),
                    description: t('toasts.updateFailedBody'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Download className="h-4 w-4" aria-hidden />
            {t('management.export')}
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-stone-800">
          <div>
            <p className="text-sm font-medium text-danger-600 dark:text-red-400">{t('management.deleteTitle')}</p>
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('management.deleteHelp')}</p>
          </div>
          <Dialog.Root
            open={open}
            onOpenChange={(o) => {
              setOpen(o);
              if (!o) {
                setTyped('');
                setPassword('');
                setCode('');
                setProofError(null);
              }
            }}
          >
            <Dialog.Trigger asChild>
              <Button variant="outline" className="shrink-0">
                <Trash2 className="h-4 w-4" aria-hidden />
                {t('management.delete')}
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
              <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[var(--radius-card)] dark:bg-stone-900">
                <div className="flex items-start justify-between gap-4">
                  <Dialog.Title className="text-lg font-semibold">{t('management.dialogTitle')}</Dialog.Title>
                  <Dialog.Close asChild>
                    <Button variant="ghost" size="icon" aria-label={t('management.cancel')}>
                      <X className="h-5 w-5" aria-hidden />
                    </Button>
                  </Dialog.Close>
                </div>
                <Dialog.Description className="mt-2 text-sm text-stone-600 dark:text-stone-400">
                  {t('management.dialogBody')}
                </Dialog.Description>
                <form noValidate onSubmit={submit} className="mt-5 space-y-4">
                  <TextField
                    label={t('management.typeToConfirm', { username: user.username })}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                    error={typed && !matches ? t('management.mismatch') : null}
                  />
                  <DeleteProof
                    user={user}
                    password={password}
                    onPassword={(value) => {
                      setPassword(value);
                      setProofError(null);
                    }}
                    code={code}
                    onCode={(value) => {
                      setCode(value);
                      setProofError(null);
                    }}
                    error={proofError}
                  />
                  <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                    <Dialog.Close asChild>
                      <Button variant="outline">{t('management.cancel')}</Button>
                    </Dialog.Close>
                    <Button type="submit" variant="danger" disabled={!matches || !proofGiven} busy={remover.isPending}>
                      {t('management.confirmDelete')}
                    </Button>
                  </div>
                </form>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
    </Panel>
  );
}
