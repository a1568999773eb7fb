import type { FlaskMovementKind, FlaskStatus } from "../../../contract/flask-rules";

export const flaskMovementLabels: Record<FlaskMovementKind, string> = {
  issue: "issued",
  use: "used on a cow",
  return: "returned to the store",
};
export const flaskStatusLabels: Record<FlaskStatus, string> = {
  in_store: "In the store",
  lent: "Lent",
  retired: "Retired",
};
