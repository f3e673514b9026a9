export {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  createHashRouter,
  createMemoryRouter,
  useBlocker,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  UNSAFE_DataRouterContext,
} from 'react-router';
export type { Blocker, BlockerFunction, Location, RouteObject } from 'react-router';
