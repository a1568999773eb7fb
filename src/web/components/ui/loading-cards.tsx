/** Placeholder cards shown while a screen's figures load. */
export function LoadingCards({ count = 4, testId = "loading-cards" }: { count?: number; testId?: string }) {
  return (
    <div
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      data-testid={testId}
      role="status"
      aria-label="Loading"
    >
      {Array.from({ length: count }, (_, i) => `placeholder-${i}`).map((key) => (
        <div key={key} className="h-24 animate-pulse rounded-lg bg-gray-200 dark:bg-gray-800" />
      ))}
    </div>
  );
}
