// A form's text field as one row: its label's words, then a one-line input or, with `rows`,
// a text area. Other attributes (required, maxLength, placeholder…) go to the input.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

type Shared = 'value' | 'onChange' | 'className' | 'type';

export type TextFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The label's class. */
  className?: string;
} & (
  | ({ rows?: undefined } & Omit<InputHTMLAttributes<HTMLInputElement>, Shared>)
  | ({ rows: number } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Shared | 'rows'>)
);

export function TextField({ label, value, onChange, className, ...rest }: TextFieldProps) {
  return (
    <label className={className}>
      <span>{label}</span>
      {rest.rows !== undefined ? (
        <textarea {...rest} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input type="text" {...rest} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </label>
  );
}
