import type { ComponentPropsWithRef, ComponentType } from 'react';
import classes from './rich-text-editor.module.css';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/**
 * One toolbar button (rich-text-toolbar.tsx): its name is its label, its
 * pressed state says whether the mark or block is on at the cursor. The mouse
 * press does not take the focus from the text, so the selection stays. Other
 * props (a popover target's ref and ARIA) reach the button.
 */
export function ToolbarControl({
  label,
  icon: ControlIcon,
  active,
  title,
  className,
  ...rest
}: Omit<ComponentPropsWithRef<'button'>, 'children'> & {
  label: string;
  icon: Icon;
  /** Left out for buttons that act rather than toggle. */
  active?: boolean | undefined;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title ?? label}
      aria-pressed={active}
      data-active={active || undefined}
      onMouseDown={(e) => e.preventDefault()}
      {...rest}
      // A popover target hands its own class: it joins ours, never replaces it.
      className={className ? `${classes.control} ${className}` : classes.control}
    >
      <ControlIcon size={16} stroke={1.5} />
    </button>
  );
}
