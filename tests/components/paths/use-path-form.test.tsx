import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { usePathForm } from "@/components/paths/path-form";
import { connectorLoad } from "@/lib/paths/headroom";
import { decodeMessage } from "@/lib/validation/messages";

const source = connectorLoad({ id: "c-source", name: "Paris DIA", bandwidth: 1 }, []);
const destination = connectorLoad({ id: "c-destination", name: "Frankfurt fiber", bandwidth: 10_000 }, []);

function entered(touched: boolean) {
  const { result } = renderHook(() => usePathForm("s-paris"));
  act(() => {
    const { form } = result.current;
    form.setValue("sourceConnectorId", source.connector.id);
    form.setValue("destinationConnectorId", destination.connector.id);
    form.setValue("bandwidth", 5 as never, { shouldDirty: true, shouldTouch: touched });
  });
  return result;
}

// The connectors' limits can arrive after the bandwidth was typed: the form checks it again either way.
describe("usePathForm", () => {
  it.each([
    ["typed and left (touched)", true],
    ["typed, the cursor still in the field (dirty only)", false],
  ])("checks a bandwidth %s against connectors that arrive later", async (_, touched) => {
    const result = entered(touched);
    expect(result.current.form.formState.errors.bandwidth).toBeUndefined();
    act(() => result.current.setEnds({ source, destination }));
    await waitFor(() => expect(result.current.form.getFieldState("bandwidth").error).toBeDefined());
    const message = result.current.form.getFieldState("bandwidth").error?.message;
    expect(decodeMessage(String(message)).key).toBe("validation.pathBandwidthOne");
  });

  it("leaves a bandwidth nobody entered alone", async () => {
    const { result } = renderHook(() => usePathForm("s-paris"));
    // The connectors are chosen and the bandwidth is over the source's limit, but nobody typed it.
    act(() => {
      const { form } = result.current;
      form.setValue("sourceConnectorId", source.connector.id);
      form.setValue("destinationConnectorId", destination.connector.id);
      form.setValue("bandwidth", 5 as never);
    });
    act(() => result.current.setEnds({ source, destination }));
    // A check of another field, asked after the new ends, is done after any check the ends started.
    await act(() => result.current.form.trigger("name"));
    expect(result.current.form.getFieldState("name").error).toBeDefined();
    expect(result.current.form.getFieldState("bandwidth").error).toBeUndefined();
  });
});
