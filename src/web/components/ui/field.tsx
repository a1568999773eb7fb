import {
  cloneElement,
  type InputHTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from "react";
import { cn } from "../../lib/cn";
import type { FieldBinding } from "../../lib/form";
import { Input } from "./input";
import { Label } from "./label";
import { NativeSelect } from "./native-select";
import { Textarea } from "./textarea";

/** A select's choices as [value, label] pairs. */
export type Options = readonly (readonly [value: string, label: string])[];

/** What a bound field renders: a select when it has `options`, a text area when it has `rows`, else an input. */
type Control =
  | ({ options?: never; rows?: never } & Pick<
      InputHTMLAttributes<HTMLInputElement>,
      "type" | "placeholder" | "min" | "max" | "step" | "autoComplete" | "inputMode" | "disabled" | "readOnly"
    >)
  | { rows: number; options?: never; placeholder?: string; disabled?: boolean }
  | { options: Options; rows?: never; placeholder?: string; disabled?: boolean };

interface Bound {
  /** `form.field(name)`: the control is rendered here and wired to the field's error line. */
  bind: FieldBinding;
  error?: never;
  children?: never;
  id?: never;
}

interface Custom {
  /** Any other control (radio group, checkbox list, date with a button): given `id` and the error wiring. */
  id: string;
  error?: string;
  children: ReactNode;
  bind?: never;
}

type FieldProps = {
  label: string;
  hint?: string;
  className?: string;
  /** Both columns of a two-column form. */
  wide?: boolean;
} & ((Bound & Control) | (Custom & { options?: never; rows?: never }));

/**
 * The one labelled form field: label, control, an optional hint and the error line under it. The control
 * gets `aria-invalid` and `aria-describedby` pointing at its error, so screen readers read the message.
 */
export function Field(props: FieldProps) {
  const { label, hint, className, wide } = props;
  const id = props.bind ? props.bind.id : props.id;
  const error = props.bind ? props.bind.error : props.error;
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [error ? errorId : undefined, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-2", wide && "sm:col-span-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {props.bind ? (
        <BoundControl
          control={controlOf(props)}
          wiring={{
            // Only what the control takes: a binding may carry more (its error, a setter).
            id: props.bind.id,
            name: props.bind.name,
            value: props.bind.value,
            onChange: props.bind.onChange,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
          }}
        />
      ) : isValidElement(props.children) ? (
        cloneElement(props.children as ReactElement<Record<string, unknown>>, {
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy,
        })
      ) : (
        props.children
      )}
      {hint && (
        <p id={hintId} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function controlOf(
  props: Bound & Control & { label: string; hint?: string; className?: string; wide?: boolean },
): Control {
  const { bind: _b, error: _e, label: _l, hint: _h, className: _c, wide: _w, ...control } = props;
  return control;
}

type Wiring = Omit<FieldBinding, "error"> & {
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

function BoundControl({ control, wiring }: { control: Control; wiring: Wiring }) {
  if (control.rows !== undefined) return <Textarea {...wiring} {...control} />;
  if (control.options !== undefined) {
    const { options, placeholder, ...rest } = control;
    return (
      <NativeSelect {...wiring} {...rest}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect>
    );
  }
  return <Input {...wiring} {...control} />;
}

/** Options from a list of values and their labels: a table, a function, or each value its own label. */
export const optionsOf = <T extends string>(
  values: readonly T[],
  labels?: Record<T, string> | ((value: T) => string),
): Options =>
  values.map((v) => [v, typeof labels === "function" ? labels(v) : labels ? labels[v] : v] as const);
