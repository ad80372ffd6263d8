import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The keys of a WAI-ARIA radio group, for a group of `role="radio"` buttons: the arrows move to the
 * next or previous enabled option (wrapping) and select it, Home and End to the first and last. Put it
 * on the `role="radiogroup"` element; give the checked option tabIndex 0 and the others -1
 * (`radioTabIndex`), so Tab enters the group once.
 */
export function onRadioGroupKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const radios = [
    ...e.currentTarget.querySelectorAll<HTMLElement>(
      '[role="radio"]:not([disabled]):not([aria-disabled="true"]):not([data-disabled])',
    ),
  ];
  const at = radios.indexOf(document.activeElement as HTMLElement);
  if (at < 0 || radios.length === 0) return;
  let next: number;
  if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = radios.length - 1;
  else if (STEPS[e.key] !== undefined) next = (at + (STEPS[e.key] as number) + radios.length) % radios.length;
  else return;
  e.preventDefault();
  const target = radios[next] as HTMLElement;
  target.focus();
  target.click();
}

/** Roving focus: the checked option is the group's one tab stop (the first when none is checked). */
export function radioTabIndex(checked: boolean, index: number, anyChecked: boolean): 0 | -1 {
  return checked || (!anyChecked && index === 0) ? 0 : -1;
}
