import { queryOptions, useMutation } from "@tanstack/react-query";
import { queryClient } from "./query-client";

/**
 * Query options for a GET of `path`, with `params` (the contract's list query) as its query string. The key
 * is `[path, params]`, and the default query function fetches exactly that URL, so a key is its request.
 */
export function getQuery<T>(path: string, params?: object) {
  return queryOptions<T>({ queryKey: params === undefined ? [path] : [path, params] });
}

/** Refetches every query whose URL starts with one of these API paths. */
export function invalidatePaths(paths: readonly string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return typeof key === "string" && paths.some((p) => key.startsWith(p));
    },
  });
}

/**
 * A mutation that says, in one place, which API paths it makes stale. By default the mutation stays pending
 * until they have refetched, so the screen never shows the old figures after the success toast.
 * `settle: "background"` lets the caller's callbacks run at once instead: for a form the refetch would
 * unmount (a decided order, a paid invoice), whose callbacks would otherwise never run.
 */
export function useApiMutation<I, O>(
  request: (input: I) => Promise<O>,
  { invalidates, settle = "await" }: { invalidates: readonly string[]; settle?: "await" | "background" },
) {
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      const refetch = invalidatePaths(invalidates);
      return settle === "await" ? refetch : undefined;
    },
  });
}

/** The callbacks a screen gives one `mutate` call. */
export interface MutateCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: Error) => void;
}

type Mutation<I, R> = { mutate: (input: I, callbacks?: MutateCallbacks<R>) => void; isPending: boolean };

/** A form's save for one record: the mutation takes the record's id beside what the form checked. */
export function forRecord<I, R>(mutation: Mutation<I & { id: number }, R>, id: number) {
  return {
    mutate: (input: I, callbacks: MutateCallbacks<R>) => mutation.mutate({ ...input, id }, callbacks),
    isPending: mutation.isPending,
  };
}

/** One save for a form that creates a record or, given the one being edited, updates it. */
export function saveWith<I, R>(
  create: Mutation<I, R>,
  update: Mutation<I & { id: number }, R>,
  editing: { id: number } | undefined,
) {
  return {
    mutate: (input: I, callbacks: MutateCallbacks<R>) =>
      editing ? update.mutate({ ...input, id: editing.id }, callbacks) : create.mutate(input, callbacks),
    isPending: create.isPending || update.isPending,
  };
}
