import type { ButtonHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

/**
 * The controls of the back-office's first screens, drawn by the browser and styled by `ui.css` in
 * antd's look and the back-office's colours (`theme.ts`), so that a list, its shell and its menu load
 * without antd (docs/decisions/0065). Screens that need more (forms, dialogs, pickers) use antd.
 */

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: React.Ref<HTMLButtonElement>;
  kind?: 'default' | 'primary' | 'link';
  danger?: boolean;
  size?: 'small' | 'middle';
  /** Shows that its work is running; it cannot be pressed again meanwhile. */
  loading?: boolean;
}

export function Button({ kind = 'default', danger, size = 'middle', loading, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={classes('ui-btn', `ui-btn-${kind}`, danger && 'ui-btn-danger', size === 'small' && 'ui-btn-sm', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="ui-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** The colours a tag comes in; each keeps its text at 4.5:1 or more on its background. */
export type TagColor = 'default' | 'blue' | 'green' | 'gold' | 'orange' | 'cyan' | 'red' | 'purple';

export function Tag({ color = 'default', children, className, ...rest }: { color?: TagColor; children: ReactNode; className?: string } & React.HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={classes('ui-tag', `ui-tag-${color}`, className)} {...rest}>
      {children}
    </span>
  );
}

/** A count of new items beside a menu entry; 100 and more read "99+". */
export function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="ui-badge" title={label} aria-label={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** A message that something failed, with what can be done about it. */
export function ErrorAlert({ message, action }: { message: ReactNode; action?: ReactNode }) {
  return (
    <div className="ui-alert ui-alert-error" role="alert">
      <span className="ui-alert-message">{message}</span>
      {action}
    </div>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A choice among options, or none: the browser's own select, named for the reader, whose first
 * entry is the label itself and clears the choice. Values keep their type (a number stays one).
 */
export function Select({
  label,
  options,
  value,
  onChange,
  className,
  ...rest
}: { label: string; options: readonly SelectOption[]; value: string | number | undefined; onChange: (value: string | number | undefined) => void } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange'
>) {
  const index = options.findIndex((option) => option.value === value);
  // A value the options do not hold (yet: they may still be loading) is shown as it is, not as no choice.
  const unknown = value !== undefined && index < 0;
  return (
    <select
      aria-label={label}
      className={classes('ui-select', value === undefined && 'ui-select-empty', className)}
      value={unknown ? 'unknown' : index < 0 ? '' : String(index)}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'unknown' ? value : options[Number(event.target.value)]?.value)}
      {...rest}
    >
      <option value="">{label}</option>
      {unknown && <option value="unknown">{String(value)}</option>}
      {options.map((option, i) => (
        <option key={String(option.value)} value={String(i)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
