import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Kind = 'success' | 'error';

export interface Notices {
  success: (text: string) => void;
  error: (text: string) => void;
}

const NoticesContext = createContext<Notices | null>(null);

/** How long a notice stays: an error longer, since it asks the reader to do something. */
const SHOWN_MS: Record<Kind, number> = { success: 3000, error: 6000 };

/**
 * Short notices at the top of the back-office ("Saved", "Could not delete: …"), read out by screen
 * readers as they come. The frame provides them, so a screen without antd can say what it did.
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ id: number; kind: Kind; text: string }[]>([]);
  const next = useRef(0);
  const show = useCallback((kind: Kind, text: string) => {
    const id = ++next.current;
    setShown((list) => [...list, { id, kind, text }]);
    setTimeout(() => setShown((list) => list.filter((notice) => notice.id !== id)), SHOWN_MS[kind]);
  }, []);
  const notices = useMemo<Notices>(() => ({ success: (text) => show('success', text), error: (text) => show('error', text) }), [show]);
  return (
    <NoticesContext.Provider value={notices}>
      {children}
      <div className="ui-notices" role="status" aria-live="polite">
        {shown.map((notice) => (
          <div key={notice.id} className={`ui-notice ui-notice-${notice.kind}`}>
            {notice.text}
          </div>
        ))}
      </div>
    </NoticesContext.Provider>
  );
}

/** The frame's notices; outside a frame (a screen's test alone), notices are dropped on the console. */
export function useNotices(): Notices {
  return useContext(NoticesContext) ?? FALLBACK;
}

const FALLBACK: Notices = { success: () => undefined, error: (text) => console.error(text) };

/** Shown where notices show while a dialog's code is on its way, the first time one opens. */
export function Opening() {
  const { t } = useTranslation('admin');
  return (
    <div className="ui-notices">
      <div className="ui-notice" role="status">
        {t('shell.opening')}
      </div>
    </div>
  );
}
