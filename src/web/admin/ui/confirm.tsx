import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './controls.js';
import type { ButtonProps } from './controls.js';

/**
 * A button whose action is asked about first, in a small box beside it: the question, the action
 * named again, and Cancel. Escape, Cancel or a click elsewhere closes it and puts the focus back on
 * the button; the action's button takes the focus when it opens, so Enter confirms. The box is
 * drawn over the page, not inside the table, so a list's scrolling frame and its fixed column do
 * not cut it off or cover it: below the button, or above it when the window has no room below,
 * following the button when the page scrolls.
 */
export function ConfirmButton({
  title,
  description,
  okDanger,
  okText,
  cancelText,
  onConfirm,
  danger,
  children,
  ...button
}: {
  title: ReactNode;
  /** What the action does, below the question: what goes and what stays. */
  description?: ReactNode;
  /** The action's button in red; by default as red as the button that opened the question. */
  okDanger?: boolean;
  okText: string;
  cancelText: string;
  onConfirm: () => unknown;
  children: ReactNode;
} & Omit<ButtonProps, 'onClick' | 'title'>) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [place, setPlace] = useState<CSSProperties>({});

  useLayoutEffect(() => {
    if (!open) return;
    const follow = () => {
      const at = trigger.current?.getBoundingClientRect();
      if (!at) return;
      const right = Math.max(8, window.innerWidth - at.right);
      const roomBelow = window.innerHeight - at.bottom > (box.current?.offsetHeight ?? 120) + 16;
      setPlace(roomBelow ? { top: at.bottom + 8, right } : { bottom: window.innerHeight - at.top + 8, right });
    };
    follow();
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLButtonElement>('.ui-confirm-ok')?.focus();
    const away = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node) && !trigger.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  return (
    <span className="ui-confirm-anchor">
      <Button ref={trigger} danger={danger} aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((was) => !was)} {...button}>
        {children}
      </Button>
      {open &&
        createPortal(
        <div
          ref={box}
          className="ui-confirm"
          style={place}
          role="alertdialog"
          aria-labelledby={titleId}
          aria-describedby={description ? `${titleId}-description` : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <p id={titleId} className="ui-confirm-title">
            {title}
          </p>
          {description && (
            <p id={`${titleId}-description`} className="ui-confirm-description">
              {description}
            </p>
          )}
          <div className="ui-confirm-actions">
            <Button size="small" onClick={close}>
              {cancelText}
            </Button>
            <Button
              size="small"
              kind="primary"
              danger={okDanger ?? danger}
              className="ui-confirm-ok"
              onClick={() => {
                close();
                void onConfirm();
              }}
            >
              {okText}
            </Button>
          </div>
        </div>,
        document.body,
      )}
    </span>
  );
}
