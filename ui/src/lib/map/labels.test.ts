import { describe, expect, it } from "vitest";
import { placeLabels, type Box, type LabelInput } from "./labels";

const dotAt = (x: number, y: number): Box => ({ left: x - 4, top: y - 4, right: x + 4, bottom: y + 4 });
const town = (x: number, y: number, width = 60): LabelInput => ({ dot: dotAt(x, y), width, height: 12 });

describe("placeLabels", () => {
  it("puts a lone name on the right of its dot", () => {
    expect(placeLabels([town(100, 100)], [])).toEqual(["right"]);
  });

  it("moves the second of two close towns' names to the left rather than over the first's", () => {
    // The first name spans x 108–168, y 94–106: the second's on its right would cross it.
    expect(placeLabels([town(100, 100), town(90, 110)], [])).toEqual(["right", "left"]);
  });

  it("leaves out a name that has room on neither side", () => {
    // Right (143–163) and left (107–127) of the second dot both cross the first name.
    expect(placeLabels([town(100, 100), town(135, 110, 20)], [])).toEqual(["right", "none"]);
  });

  it("keeps names from under a cluster, which is drawn above them", () => {
    const cluster: Box = { left: 110, top: 80, right: 150, bottom: 120 };
    expect(placeLabels([town(100, 100)], [cluster])).toEqual(["left"]);
    expect(placeLabels([town(100, 100)], [cluster, { left: 20, top: 90, right: 90, bottom: 110 }])).toEqual(["none"]);
  });

  it("does not let a name cover another town's dot", () => {
    // The second town's dot lies where the first's name would go on its right.
    expect(placeLabels([town(100, 100), town(140, 100, 10)], [])).toEqual(["left", "right"]);
  });
});
