import type { TextLanguage } from '../../../../shared/guide-texts';
import { detectTextLanguage } from '../../../../shared/guide-texts';
import type { MachineTranslation, TranslationState } from '../../../../shared/schemas/translation';
import { MachineTranslated } from '../../../components/ui/machine-translated';

/**
 * Words someone wrote in a chat — a message, an offer's itinerary, a tour request's itinerary or
 * group — in the reader's language when the server sent a translation, the original one tap away
 * (decisions 145, 173). Always marked with its language (`lang`): the server's name for it when it
 * gave one, else the script's guess, so screen readers and CJK fonts follow the writer's language.
 */
export function WrittenText({
  text,
  language,
  translated,
  translation,
  inverted,
}: {
  text: string;
  language?: TextLanguage;
  translated?: MachineTranslation;
  translation?: TranslationState;
  inverted?: boolean;
}) {
  return (
    <MachineTranslated
      original={text}
      originalLanguage={language ?? detectTextLanguage(text)}
      translated={translated}
      translation={translation}
      inverted={inverted}
    />
  );
}
