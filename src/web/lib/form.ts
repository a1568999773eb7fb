import { type ChangeEvent, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { apiErrorFields } from "./api";
import { say } from "./i18n/i18n";

/** What a form's fields hold: the text of each input, select and text area. */
export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** One field of a form: what its control needs, and its error message if it has one. */
export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
}

export interface ContractForm<V extends FormValues, S extends z.ZodType> {
  values: V;
  /** Binds a field by name for `<Field bind={…}>`: its id is `<idPrefix>-<name>`. */
  field: (name: keyof V & string) => FieldBinding;
  setValues: (update: (values: V) => V) => void;
  /** Back to the initial values (or the given ones), errors cleared. */
  reset: (values?: V) => void;
  /**
   * A submit handler: the contract schema checks what the fields make; valid data goes to `onValid`,
   * otherwise each field shows its first message and `onInvalid` runs (for SPEC's summary toasts).
   */
  handleSubmit: (
    onValid: (data: z.output<S>) => void,
    onInvalid?: (errors: FieldErrors) => void,
  ) => (e?: FormEvent) => void;
  /** Whether any of these fields is blank: SPEC's "fill in all required fields" check. */
  anyBlank: (...names: (keyof V & string)[]) => boolean;
  /** Puts the server's per-field messages (a 400's `fields`) under their fields; true when there were any. */
  showServerErrors: (error: unknown) => boolean;
}

/** The first message per field path ("geneticData.origin"), as the server's error handler reports them. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The one form pattern: field text in state, the contract's own schema to validate it on the client (so the
 * client and the server say the same thing), and the server's field errors mapped back onto the fields.
 * `toInput` turns the text into the schema's input (numbers, nulls, nested objects); `errorPaths` names the
 * field for an error path that is not a field's own name.
 */
export interface FormSpec<V extends FormValues, S extends z.ZodType> {
  schema: S | SchemaLoader<S>;
  initial: V | (() => V);
  idPrefix: string;
  toInput?: (values: V) => unknown;
  errorPaths?: Record<string, keyof V & string>;
}

/**
 * A contract schema fetched when a form first shows. Client screens draw before Zod (about 25 kB gzip, and
 * its set-up on a slow phone's CPU) has arrived: their forms ask for their schema once on screen, and it is
 * there long before anyone can fill a form in (decision 16). A failed fetch is forgotten, so the next
 * attempt asks again.
 */
export type SchemaLoader<S> = () => Promise<S>;

export function schemaOnDemand<S extends z.ZodType>(load: () => Promise<S>): SchemaLoader<S> {
  let loading: Promise<S> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

const isLoader = <S>(source: S | SchemaLoader<S>): source is SchemaLoader<S> => typeof source === "function";

/**
 * A schema given as it is or on demand: starts loading it as the component shows, and answers a function
 * that runs a check with it (at once once it is in). A schema that cannot load ends up at the screen's
 * load-error boundary, which offers to try again, instead of a submit that silently does nothing.
 */
export function useSchema<S>(source: S | SchemaLoader<S>): (check: (schema: S) => void) => void {
  const [schema, setSchema] = useState<S | null>(() => (isLoader(source) ? null : source));
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  if (failed) throw failed.error;
  useEffect(() => {
    if (!isLoader(source)) return;
    let live = true;
    source().then(
      (loaded) => live && setSchema(() => loaded),
      (error: unknown) => live && setFailed({ error }),
    );
    return () => {
      live = false;
    };
  }, [source]);
  return useCallback(
    (check: (schema: S) => void) => {
      if (schema) check(schema);
      else if (isLoader(source)) source().then(check, (error: unknown) => setFailed({ error }));
    },
    [schema, source],
  );
}

export function useContractForm<V extends FormValues, S extends z.ZodType>(
  options: FormSpec<V, S>,
): ContractForm<V, S> {
  const { idPrefix, toInput, errorPaths } = options;
  const withSchema = useSchema(options.schema);
  const initialRef = useRef(options.initial);
  const [values, setValuesState] = useState<V>(() => valuesOf(initialRef.current));
  const [errors, setErrors] = useState<FieldErrors>({});

  const toFieldErrors = useCallback(
    (byPath: FieldErrors): FieldErrors => {
      const mapped: FieldErrors = {};
      for (const [path, message] of Object.entries(byPath)) mapped[errorPaths?.[path] ?? path] ??= message;
      return mapped;
    },
    [errorPaths],
  );

  const setValue = useCallback((name: string, value: string) => {
    setValuesState((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _cleared, ...rest } = e;
      return rest;
    });
  }, []);

  const field = useCallback(
    (name: keyof V & string): FieldBinding => {
      return {
        id: `${idPrefix}-${name}`,
        name,
        value: values[name] ?? "",
        onChange: (e) => setValue(name, e.target.value),
        error: say(errors[name]),
      };
    },
    [errors, idPrefix, setValue, values],
  );

  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => void, onInvalid?: (errors: FieldErrors) => void) => (e?: FormEvent) => {
      e?.preventDefault();
      withSchema((schema) => {
        const result = schema.safeParse(toInput ? toInput(values) : values);
        if (result.success) {
          setErrors({});
          onValid(result.data);
          return;
        }
        const found = toFieldErrors(fieldErrorsOf(result.error));
        setErrors(found);
        onInvalid?.(found);
      });
    },
    [withSchema, toInput, values, toFieldErrors],
  );

  const reset = useCallback((next?: V) => {
    setValuesState(next ?? valuesOf(initialRef.current));
    setErrors({});
  }, []);
  const setValues = useCallback((update: (values: V) => V) => setValuesState(update), []);
  const showServerErrors = useCallback(
    (error: unknown) => {
      const fields = toFieldErrors(apiErrorFields(error));
      setErrors(fields);
      return Object.keys(fields).length > 0;
    },
    [toFieldErrors],
  );

  return useMemo(
    () => ({
      values,
      field,
      setValues,
      reset,
      handleSubmit,
      anyBlank: (...names: (keyof V & string)[]) => names.some((n) => !values[n]?.trim()),
      showServerErrors,
    }),
    [values, field, setValues, reset, handleSubmit, showServerErrors],
  );
}

/**
 * Starts a dialog's form afresh each time the dialog opens: empty, or filled with `values` (the record being
 * edited), as they are at that moment.
 */
export function useResetOnOpen<V extends FormValues>(
  open: boolean,
  reset: (values?: V) => void,
  values?: V,
): void {
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (open) reset(latest.current);
  }, [open, reset]);
}

const valuesOf = <V>(initial: V | (() => V)): V =>
  typeof initial === "function" ? (initial as () => V)() : initial;

/** A text field's value as the optional number its schema wants ("" is no number). */
export const optionalNumber = (text: string): number | undefined =>
  text.trim() === "" ? undefined : Number(text);

/**
 * One text field outside a contract form (a search by order number, a region to advise on): its binding for
 * `<Field bind={…}>` and its value. The id doubles as its name.
 */
export function useTextField(id: string, initial = ""): FieldBinding & { set: (value: string) => void } {
  const [value, set] = useState(initial);
  return { id, name: id, value, onChange: (e) => set(e.target.value), error: undefined, set };
}
