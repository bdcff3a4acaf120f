import type { TFunction } from 'i18next';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApplicationData } from '../../../../shared/schemas/guide-applications';
import { protectedTitleText } from '../../licences';
import { saveDraft, useSaveDraft } from '../api';
import { toData, toForm, type FormState } from '../form';

/** Autosave this long after the last change. */
export const AUTOSAVE_MS = 1200;

/** A failed save may say why: a protected title in an answer (decision 099) names its words. */
type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; reason?: string };

/**
 * Keeps the server draft in step with the form: shortly after typing stops, on every `flush` (Back/Next,
 * 'Save draft', submit) and when the page is left. `dirty` while the form holds what the server has not.
 */
export function useDraftAutosave(
  form: FormState,
  initial: { data: ApplicationData; fallbackName: string },
  t: TFunction,
) {
  const { data, fallbackName } = initial;
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const saveDraftMutation = useSaveDraft();
  const dataJson = JSON.stringify(toData(form));
  const latest = useRef(dataJson);
  useLayoutEffect(() => {
    latest.current = dataJson;
  }, [dataJson]);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(toData(toForm(data, fallbackName))));
  const lastSaved = useRef(savedJson);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const dirty = dataJson !== savedJson;

  /** Saves what the form holds now (after any save under way); true when the server has it. */
  const flush = useCallback(
    async (force = false): Promise<boolean> => {
      while (inFlight.current) await inFlight.current;
      const json = latest.current;
      if (json === lastSaved.current && !force) return true;
      setSave({ kind: 'saving' });
      const run = saveDraftMutation
        .mutateAsync(JSON.parse(json))
        .then(() => {
          lastSaved.current = json;
          setSavedJson(json);
          setSave({ kind: 'saved', at: new Date() });
          return true;
        })
        .catch((err: unknown) => {
          setSave({ kind: 'failed', reason: protectedTitleText(t, err) ?? undefined });
          return false;
        })
        .finally(() => {
          inFlight.current = null;
        });
      inFlight.current = run;
      return run;
    },
    [saveDraftMutation, t],
  );

  useEffect(() => {
    if (dataJson === savedJson) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dataJson, savedJson, flush]);

  // Leaving the page (closing the tab, reloading) sends what is not saved yet.
  useEffect(() => {
    const onHide = () => {
      if (latest.current !== lastSaved.current && !inFlight.current)
        void saveDraft(JSON.parse(latest.current), { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);

  return { save, setSave, dirty, flush };
}
