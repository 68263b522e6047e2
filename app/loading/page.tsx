import { LoadingScreen } from "@/components/loading/loading-screen";

export default function LoadingPage() {
  return <LoadingScreen />;
}
