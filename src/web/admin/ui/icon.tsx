import type { CSSProperties } from 'react';
import { defaultOf } from '../../default-export.js';

/** An icon's drawing as `@ant-design/icons-svg` describes it: an `svg` element and its paths. */
interface IconNode {
  tag: string;
  attrs: Record<string, string>;
  children?: IconNode[];
}

export interface IconDefinition {
  icon: IconNode | ((primary: string, secondary: string) => IconNode);
  name: string;
}

const draw = (node: IconNode, key?: number): React.ReactElement => {
  const Tag = node.tag as 'svg';
  return (
    <Tag key={key} {...node.attrs}>
      {node.children?.map(draw)}
    </Tag>
  );
};

/**
 * An antd icon drawn from its path data alone. The screens of the first load use these instead of
 * `@ant-design/icons`, whose components bring antd's style system with them (docs/decisions/0065).
 * Decorative unless given a label.
 */
export function Icon({ of, label, style, className }: { of: IconDefinition | { default: IconDefinition }; label?: string; style?: CSSProperties; className?: string }) {
  const definition = defaultOf(of);
  const node = typeof definition.icon === 'function' ? definition.icon('currentColor', '#e6f4ff') : definition.icon;
  return (
    <span className={`ui-icon${className ? ` ${className}` : ''}`} style={style} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {draw({ ...node, attrs: { ...node.attrs, width: '1em', height: '1em', fill: 'currentColor' } })}
    </span>
  );
}
