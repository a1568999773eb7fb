import { useSession } from "../lib/session";
import type { StaffRoute } from "./routes";
import { StaffLayout } from "./staff-layout";

export default function StaffScreen({ route }: { route: StaffRoute }) {
  const session = useSession();
  const user = session.data?.user;
  return <StaffLayout anyOf={route.anyOf}>{user ? route.render(user) : null}</StaffLayout>;
}
