import { LifecycleLayout } from "@/components/lifecycle/lifecycle-layout";
import { consolePage } from "@/server/pages/console-page";

// msp/lifecycle — the MSP's lifecycle operations on the tabs Scheduled, Running and Finished (SPEC §2).
export default consolePage("msp/lifecycle", ({ children }) => <LifecycleLayout>{children}</LifecycleLayout>);
