import { useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/controls.js';
import { Icon } from './ui/icon.js';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled.js';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined.js';

/**
 * A search box whose text is searched for when asked (Enter, the button), not as it is typed; it
 * shows what the list is searching for, and follows it when the list changes without it (Back, a
 * menu link to the fresh list). Clearing it searches for nothing at once.
 */
export function SearchBox({ value, onSearch, label, style, enterButton }: { value: string; onSearch: (text: string) => void; label: string; style?: CSSProperties; enterButton?: ReactNode }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(value);
  const [searched, setSearched] = useState(value);
  // What is typed and not yet searched for gives way to what the list now searches for.
  if (searched !== value) {
    setSearched(value);
    setDraft(value);
  }
  return (
    <span className="ui-search" style={style}>
      <span className="ui-search-field">
        <input
          type="search"
          aria-label={label}
          placeholder={label}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter that picks a word in an input method (pinyin, say) is not a search.
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) onSearch(draft);
          }}
        />
        {draft !== '' && (
          <button
            type="button"
            className="ui-search-clear"
            aria-label={t('table.clearSearch', { label })}
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            <Icon of={CloseCircleFilled} />
          </button>
        )}
      </span>
      <Button kind={enterButton ? 'primary' : 'default'} aria-label={enterButton ? undefined : t('table.searchIn', { label })} onClick={() => onSearch(draft)}>
        {enterButton ?? <Icon of={SearchOutlined} />}
      </Button>
    </span>
  );
}
