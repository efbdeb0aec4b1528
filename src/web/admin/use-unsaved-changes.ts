import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { App as AntApp } from 'antd';
import { getToken } from '../api/session.js';

export interface UnsavedChanges {
  /** The form differs from what was last loaded or saved. */
  unsaved: boolean;
  /** The user changed something (the form's `onValuesChange`, a restored draft). */
  markChanged: () => void;
  /** The form is saved (or reloaded from the server): leaving is not asked about from now on. */
  markSaved: () => void;
}

export interface UnsavedChangesOptions {
  /** Called when the user confirms leaving with unsaved changes: what they chose to lose (a local draft) goes too. */
  onDiscard?: () => void;
}

/**
 * Every back-office editor's guard against losing an edit (docs/decisions/0050): with unsaved
 * changes, leaving asks first, for a link or menu entry, the browser's Back (React Router's blocker:
 * the back-office runs in a data router) and closing or reloading the tab (`beforeunload`, where the
 * browser asks in its own words).
 *
 * The state lives here, in a ref the blocker reads when a navigation starts: an editor that saves and
 * then navigates in the same tick is not asked, though React has not re-rendered in between.
 *
 * A session that has ended is never held up: the API client (or another tab's sign-out) has dropped
 * the token before it sends the user to sign in, and an editor with a local draft keeps the text.
 */
export function useUnsavedChanges({ onDiscard }: UnsavedChangesOptions = {}): UnsavedChanges {
  const { t } = useTranslation('admin');
  const { modal } = AntApp.useApp();
  const [unsaved, setUnsaved] = useState(false);
  const unsavedRef = useRef(false);
  const onDiscardRef = useRef(onDiscard);
  onDiscardRef.current = onDiscard;

  const markChanged = useCallback(() => {
    unsavedRef.current = true;
    setUnsaved(true);
  }, []);
  const markSaved = useCallback(() => {
    unsavedRef.current = false;
    setUnsaved(false);
  }, []);

  // Another query string is another record (or a new one): only staying on the same address is free.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current && getToken() !== null && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  // Asked once per blocked navigation (the blocker object itself changes on every render).
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('unsavedChanges.title'),
      content: t('unsavedChanges.content'),
      okText: t('unsavedChanges.leave'),
      cancelText: t('unsavedChanges.stay'),
      okButtonProps: { danger: true },
      onOk: () => {
        unsavedRef.current = false;
        onDiscardRef.current?.();
        blockerRef.current.proceed?.();
      },
      // Escape and a click beside the dialog stay too.
      onCancel: () => blockerRef.current.reset?.(),
    });
  }, [blocker.state, modal, t]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!unsavedRef.current || getToken() === null) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { unsaved, markChanged, markSaved };
}
