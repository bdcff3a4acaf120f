import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../../../shared/realtime';
import { detectTextLanguage } from '../../../../shared/guide-texts';
import type { Conversation } from '../../../../shared/schemas/messaging';
import {
  htmlLang,
  MachineTranslationLabel,
  OriginalToggle,
  useOriginalToggle,
} from '../../../components/ui/machine-translated';
import { cn } from '../../../lib/cn';
import { formatWhen } from '../lib/format';

/**
 * One conversation in the inbox: the other side, the time, the last message and the unread count,
 * one button that opens the thread. The last message reads in the reader's language when the server
 * translated it (decision 173); the row is one button, so the way to the original — "机器翻译 ·
 * DeepL", "显示原文" — is a line of its own under it, and the thread shows the original too.
 */
export function ConversationRow({
  conversation: c,
  selected,
  onOpen,
}: {
  conversation: Conversation;
  selected: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('messaging');
  const nameId = useId();
  const preview = c.lastMessage;
  const translated = c.lastMessageTranslated ?? undefined;
  const { shown, showOriginal, toggle } = useOriginalToggle(
    preview ?? '',
    c.lastMessageLanguage ?? detectTextLanguage(preview),
    translated,
  );
  return (
    <li className={cn(selected && 'bg-primary-50 dark:bg-primary-950/40')}>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-stone-50 dark:hover:bg-stone-800"
        aria-current={selected || undefined}
      >
        <span
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-600 font-semibold text-white"
          aria-hidden
        >
          {c.counterpart.name.slice(0, 1)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center justify-between gap-2">
            <span id={nameId} className="truncate font-medium">
              {c.counterpart.name}
            </span>
            {c.lastMessageAt && <span className="shrink-0 text-xs text-stone-500">{formatWhen(c.lastMessageAt)}</span>}
          </span>
          <span className="flex items-center justify-between gap-2">
            {/*
             * The words someone wrote carry their language (the reader's for a translation); the placeholder is the
             * page's.
             */}
            <span
              className="truncate text-sm text-stone-600 dark:text-stone-300"
              lang={preview ? htmlLang(shown.lang) : undefined}
              data-testid="conversation-preview"
            >
              {preview ? shown.text : t('list.noMessages')}
            </span>
            {c.unreadCount > 0 && (
              <span
                className="shrink-0 rounded-full bg-accent-600 px-1.5 text-xs font-semibold leading-5 text-white"
                aria-label={t('list.unread', { count: c.unreadCount })}
              >
                {badgeText(c.unreadCount)}
              </span>
            )}
          </span>
        </span>
      </button>
      {translated && (
        <p className="-mt-2 flex flex-wrap items-center gap-x-2 pb-2 pl-16 pr-3 text-xs text-stone-500 dark:text-stone-400">
          {!showOriginal && <MachineTranslationLabel provider={translated.provider} />}
          <OriginalToggle showOriginal={showOriginal} onToggle={toggle} describedBy={nameId} />
        </p>
      )}
    </li>
  );
}
