import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

// On a phone a label may wrap (German, French and Spanish labels run longer than English,
// issue 31): the button grows to two lines instead of pushing the page sideways.
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap max-sm:whitespace-normal max-sm:text-center transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-violet-600 text-white shadow-sm hover:bg-violet-500 disabled:hover:bg-violet-600',
  secondary:
    'border border-slate-700 bg-slate-900 text-slate-100 hover:border-slate-600 hover:bg-slate-800 disabled:hover:bg-slate-900',
  ghost: 'text-slate-300 hover:bg-slate-800 hover:text-white disabled:hover:bg-transparent',
  danger: 'bg-rose-700 text-white shadow-sm hover:bg-rose-600 disabled:hover:bg-rose-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-12 px-6 py-2.5 text-base',
};

/** Button look for things that are links (React Router `Link`) rather than buttons. */
export function buttonStyles(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  const { variant = 'primary', size = 'md', className } = options;
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size, className })} {...props} />;
}
