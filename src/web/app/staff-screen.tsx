import { useSession } from "../features/auth/session";
import type { StaffRoute } from "./routes";
import { StaffLayout } from "./staff-layout";

export default function StaffScreen({ route }: { route: StaffRoute }) {
  const session = useSession();
  const role = session.data?.user.role;
  return <StaffLayout anyOf={route.anyOf}>{role ? route.render(role) : null}</StaffLayout>;
}
