import { ApiDocsPage } from "@/components/api-docs/api-docs-page";
import { consolePage } from "@/server/pages/console-page";

export default consolePage("apiDocs", () => <ApiDocsPage />);
