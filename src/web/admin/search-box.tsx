import { useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Input } from 'antd';

/**
 * A search box whose text is searched for when asked (Enter, the button), not as it is typed; it
 * shows what the list is searching for, and follows it when the list changes without it (Back, a
 * menu link to the fresh list).
 */
export function SearchBox({ value, onSearch, label, style, enterButton }: { value: string; onSearch: (text: string) => void; label: string; style?: CSSProperties; enterButton?: ReactNode }) {
  const [draft, setDraft] = useState(value);
  const [searched, setSearched] = useState(value);
  // What is typed and not yet searched for gives way to what the list now searches for.
  if (searched !== value) {
    setSearched(value);
    setDraft(value);
  }
  return (
    <Input.Search
      aria-label={label}
      placeholder={label}
      allowClear
      style={style}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={onSearch}
      enterButton={enterButton}
    />
  );
}
