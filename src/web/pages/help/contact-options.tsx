import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { openSupport, SUPPORT_TOPICS } from '../../features/support';

/** /help/contact: the general-support chat, and a chat started with the right prefill for each situation. */
export function ContactOptions() {
  const { t } = useTranslation(['help', 'support']);
  const topics = SUPPORT_TOPICS.filter((topic) => topic !== 'general');
  return (
    <div className="mt-8 grid gap-4 md:grid-cols-2">
      <section
        aria-labelledby="contact-chat"
        className="rounded-[var(--radius-card)] border border-primary-200 bg-primary-50 p-5 dark:border-primary-800 dark:bg-primary-900/30"
      >
        <h2 id="contact-chat" className="text-lg font-semibold text-stone-900 dark:text-white">
          {t('contact.chatTitle')}
        </h2>
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t('contact.chatBody')}</p>
        <Button className="mt-4" variant="accent" onClick={() => void openSupport('general')}>
          <MessageCircle className="h-4 w-4" aria-hidden />
          {t('contact.chatButton')}
        </Button>
      </section>
      <section
        aria-labelledby="contact-topics"
        className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
      >
        <h2 id="contact-topics" className="text-lg font-semibold text-stone-900 dark:text-white">
          {t('contact.topicsTitle')}
        </h2>
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t('contact.topicsBody')}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {topics.map((topic) => (
            <li key={topic}>
              <Button size="sm" variant="outline" onClick={() => void openSupport(topic)} data-topic={topic}>
                {t(`support:topics.${topic}`)}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
