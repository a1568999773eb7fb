import { Button } from "./ui/button";
import { Card } from "./ui/card";

/** A list that failed to load (offline, rate-limited, server down) says so and offers another try. */
export function LoadError({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <Card className="p-8 text-center" role="alert">
      <p className="font-medium">The {label} could not be loaded.</p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
