/**
 * @module The PP-OCRv4 models' graphs rewritten at load so that onnxruntime's CPU runtime does in its
 * convolutions what the exported graphs do in separate elementwise passes (issue 24, docs/ocr.md
 * "Settings"). Paddle2ONNX writes PP-LCNet's learnable affine blocks as `Mul(scalar)`, `Add(scalar)`
 * around each convolution and its hard-swish as `Add 3, Clip 0..6, Mul, Div 6`. onnxruntime folds none of
 * them: its Conv+Mul and Conv+Add fusions want a per-channel constant as the second input, and its NCHWc
 * layout (the fast convolutions) takes no Clip, Div or scalar Add/Mul, so every one of those passes also
 * costs a reorder out of NCHWc and back. Here:
 *
 * - a scalar `Mul`/`Add` after a convolution goes into its weights and bias (exact: y·a + b = (W·a)x + (B·a + b));
 * - a scalar `Mul` before a convolution goes into its weights (exact: zero padding stays zero), and a
 *   scalar `Add` before one into its bias when it pads nothing (with padding, the border would read the
 *   shift where the original reads zero: that shift stays, divided by the scale moved past it, as a
 *   BatchNormalization, which the NCHWc layout runs without leaving it);
 * - hard-swish `x·Clip(x+3, 0, 6)/6` becomes `x·HardSigmoid(x)` (alpha 1/6, beta 1/2), the same function
 *   in two passes instead of four (onnxruntime then runs both inside the convolution before it);
 * - the detector's residual squeeze-and-excitation `x + x·g` becomes `x·(g + 1)`: the gate g has one
 *   value per channel, so one pass over x instead of two.
 *
 * Pure: bytes in, bytes out, the same outputs within float rounding (test/node/ocr.fuse.test.ts).
 */
import {
  constantNode,
  constantValue,
  floatAttribute,
  floatAttributeValue,
  intsAttribute,
  makeNode,
  readModel,
  stringAttributeValue,
  writeModel,
} from "./onnx-graph.mjs";

/** @returns {{bytes: Uint8Array, before: Record<string, number>, after: Record<string, number>}} the rewritten model and its op counts before and after */
export function fuseModel(file) {
  const model = readModel(file);
  const before = opCounts(model.nodes);
  let nodes = model.nodes;
  nodes = foldScalarsAfterConvs(nodes, model.outputs);
  nodes = replaceHardSwish(nodes, model.outputs);
  nodes = foldScalarsBeforeConvs(nodes, model.outputs);
  nodes = foldResidualGates(nodes, model.outputs);
  nodes = dropUnused(nodes, model.outputs);
  return { bytes: writeModel({ ...model, nodes }), before, after: opCounts(nodes) };
}

export function opCounts(nodes) {
  const counts = {};
  for (const n of nodes) if (n.opType !== "Constant") counts[n.opType] = (counts[n.opType] ?? 0) + 1;
  return counts;
}

/** Producers, consumers and constant values of a node list (rebuilt after each pass: the graphs have a few hundred nodes). */
function index(nodes, graphOutputs) {
  const producer = new Map();
  const consumers = new Map();
  for (const node of nodes) {
    for (const name of node.outputs) producer.set(name, node);
    for (const name of node.inputs) if (name) consumers.set(name, [...(consumers.get(name) ?? []), node]);
  }
  const outputs = new Set(graphOutputs);
  const values = new Map();
  return {
    producer,
    consumers: (name) => consumers.get(name) ?? [],
    isOutput: (name) => outputs.has(name),
    /** The one node reading `name`, or null when several read it or it is a graph output. */
    soleConsumer(name) {
      const readers = consumers.get(name) ?? [];
      return readers.length === 1 && !outputs.has(name) ? readers[0] : null;
    },
    constant(name) {
      if (!values.has(name)) {
        const node = producer.get(name);
        values.set(name, node ? constantValue(node) : null);
      }
      return values.get(name);
    },
    /** A scalar constant's value, or null. */
    scalar(name) {
      const tensor = this.constant(name);
      return tensor && tensor.data.length === 1 ? tensor.data[0] : null;
    },
  };
}

/** For a binary node with one scalar constant input: [the other input, the scalar], else null. */
function scalarOperand(graph, node, opType) {
  if (node?.opType !== opType || node.domain || node.inputs.length !== 2) return null;
  for (const k of [0, 1]) {
    const value = graph.scalar(node.inputs[k]);
    if (value !== null && graph.scalar(node.inputs[1 - k]) === null) return [node.inputs[1 - k], value];
  }
  return null;
}

/** A plain Conv with constant 4-D float weights (and constant bias if any): its weights and bias, else null. */
function convWeights(graph, node) {
  if (node.opType !== "Conv" || node.domain || node.inputs.length < 2) return null;
  const weights = graph.constant(node.inputs[1]);
  if (!weights || weights.dims.length !== 4) return null;
  const bias = node.inputs[2] ? graph.constant(node.inputs[2]) : { dims: [weights.dims[0]], data: new Float32Array(weights.dims[0]) };
  return bias && bias.data.length === weights.dims[0] ? { weights, bias } : null;
}

/** The Conv `conv` with weights and bias replaced: fresh constants (the old ones may be shared; unused ones are dropped later). */
function withWeights(conv, weights, bias, inputs = conv.inputs) {
  const w = constantNode(`${conv.outputs[0]}.fused.w`, weights);
  const b = constantNode(`${conv.outputs[0]}.fused.b`, bias);
  return [w, b, { ...conv, raw: undefined, inputs: [inputs[0], w.outputs[0], b.outputs[0]] }];
}

const scaled = (tensor, factor) => ({ dims: tensor.dims, data: tensor.data.map((v) => v * factor) });

/** Conv → Mul(a) → Add(b) (either or both): folded into the Conv's weights and bias. */
function foldScalarsAfterConvs(nodes, graphOutputs) {
  const graph = index(nodes, graphOutputs);
  const removed = new Set();
  const replaced = new Map();
  for (const conv of nodes) {
    const found = convWeights(graph, conv);
    if (!found) continue;
    let { weights, bias } = found;
    let output = conv.outputs[0];
    for (;;) {
      const next = graph.soleConsumer(output);
      const mul = scalarOperand(graph, next, "Mul");
      const add = scalarOperand(graph, next, "Add");
      if (mul && Number.isFinite(mul[1])) {
        weights = scaled(weights, mul[1]);
        bias = scaled(bias, mul[1]);
      } else if (add) bias = { dims: bias.dims, data: bias.data.map((v) => v + add[1]) };
      else break;
      removed.add(next);
      output = next.outputs[0];
    }
    if (output === conv.outputs[0]) continue;
    const [w, b, fused] = withWeights(conv, weights, bias);
    replaced.set(conv, [w, b, { ...fused, outputs: [output] }]);
  }
  return nodes.flatMap((n) => (removed.has(n) ? [] : (replaced.get(n) ?? [n])));
}

/**
 * Add(x, 3) → Clip(0, 6) → Mul(x, ·) → Div(·, 6): x·HardSigmoid(x) with alpha 1/6, beta 1/2 (the models'
 * opsets, 9 and 11, have no HardSwish; onnxruntime fuses this pair into one after a convolution).
 */
function replaceHardSwish(nodes, graphOutputs) {
  const graph = index(nodes, graphOutputs);
  const removed = new Set();
  const replaced = new Map();
  for (const add of nodes) {
    const shifted = scalarOperand(graph, add, "Add");
    if (!shifted || shifted[1] !== 3) continue;
    const x = shifted[0];
    const clip = graph.soleConsumer(add.outputs[0]);
    if (clip?.opType !== "Clip" || clip.inputs[0] !== add.outputs[0] || !clipsTo(graph, clip, 0, 6)) continue;
    const mul = graph.soleConsumer(clip.outputs[0]);
    if (mul?.opType !== "Mul" || !(mul.inputs.includes(x) && mul.inputs.includes(clip.outputs[0]))) continue;
    const div = graph.soleConsumer(mul.outputs[0]);
    const divided = scalarOperand(graph, div, "Div");
    const timesSixth = scalarOperand(graph, div, "Mul");
    if (!(divided && divided[0] === mul.outputs[0] && divided[1] === 6) && !(timesSixth && Math.abs(timesSixth[1] - 1 / 6) < 1e-7)) continue;
    const output = div.outputs[0];
    const replacement = [
      makeNode("HardSigmoid", [x], [`${output}.gate`], [floatAttribute("alpha", 1 / 6), floatAttribute("beta", 0.5)]),
      makeNode("Mul", [x, `${output}.gate`], [output]),
    ];
    for (const n of [add, clip, mul]) removed.add(n);
    replaced.set(div, replacement);
  }
  return nodes.flatMap((n) => (removed.has(n) ? [] : (replaced.get(n) ?? [n])));
}

/** Whether a Clip's bounds are `min` and `max` (attributes before opset 11, constant inputs from 11). */
function clipsTo(graph, clip, min, max) {
  const bound = (k, attribute) => (clip.inputs[k] ? graph.scalar(clip.inputs[k]) : floatAttributeValue(clip, attribute, null));
  return bound(1, "min") === min && bound(2, "max") === max;
}

/**
 * Mul(c) → Add(d) (either or both) read by Convs only: c into each one's weights; d into the bias of
 * each that pads nothing (every output then reads d through every weight), the others reading
 * `x + d / c` from one shift kept before them, a BatchNormalization of scale 1 and bias d / c (the NCHWc
 * layout runs it as a 1×1 depthwise convolution; a scalar Add would be reordered out of NCHWc and back).
 */
function foldScalarsBeforeConvs(nodes, graphOutputs) {
  const graph = index(nodes, graphOutputs);
  const removed = new Set();
  const replaced = new Map();
  for (const head of nodes) {
    if (removed.has(head) || replaced.has(head)) continue;
    const mul = scalarOperand(graph, head, "Mul");
    const addNode = mul ? graph.soleConsumer(head.outputs[0]) : head;
    const add = scalarOperand(graph, addNode, "Add");
    if (!mul && !add) continue;
    const scale = mul && Number.isFinite(mul[1]) && mul[1] !== 0 ? mul[1] : 1;
    if (mul && scale === 1) continue;
    const source = mul ? mul[0] : add[0];
    const output = add ? addNode.outputs[0] : head.outputs[0];
    const readers = graph.consumers(output);
    const convs = readers.map((r) => ({
      conv: r,
      found: r.inputs[0] === output && !r.inputs.slice(1).includes(output) ? convWeights(graph, r) : null,
    }));
    if (!readers.length || graph.isOutput(output) || convs.some((c) => !c.found)) continue;
    const shift = add ? add[1] / scale : 0;
    const shiftedName = `${output}.shifted`;
    let shiftKept = false;
    for (const { conv, found } of convs) {
      const weights = scaled(found.weights, scale);
      let bias = found.bias;
      let input = source;
      if (add && padsNothing(conv)) {
        const perOutput = weights.data.length / weights.dims[0];
        bias = { dims: bias.dims, data: bias.data.map((v, o) => v + shift * sum(weights.data, o * perOutput, perOutput)) };
      } else if (add) {
        input = shiftedName;
        shiftKept = true;
      }
      replaced.set(conv, withWeights(conv, weights, bias, [input]));
    }
    if (mul) removed.add(head);
    if (add && !shiftKept) removed.add(addNode);
    if (shiftKept) {
      const { conv, found } = convs.find((c) => !padsNothing(c.conv));
      replaced.set(addNode, shiftNodes(source, shift, shiftedName, found.weights.dims[1] * intsAttribute(conv, "group", 1)));
    }
  }
  return nodes.flatMap((n) => (removed.has(n) ? [] : (replaced.get(n) ?? [n])));
}

const padsNothing = (conv) =>
  intsAttribute(conv, "pads", [0]).every((p) => p === 0) && ["NOTSET", "VALID", undefined].includes(stringAttributeValue(conv, "auto_pad"));

/**
 * `x + shift` on `channels` channels as a BatchNormalization, (x − 0) / √(1 + 0) · 1 + shift: measured
 * against a scalar Add (and its two reorders), about 3 % less CPU per detector run, 6 % per recogniser run.
 */
function shiftNodes(x, shift, output, channels) {
  const filled = (suffix, v) => constantNode(`${output}.${suffix}`, { dims: [channels], data: new Float32Array(channels).fill(v) });
  const parameters = [filled("scale", 1), filled("bias", shift), filled("mean", 0), filled("variance", 1)];
  return [...parameters, makeNode("BatchNormalization", [x, ...parameters.map((p) => p.outputs[0])], [output], [floatAttribute("epsilon", 0)])];
}

function sum(data, from, count) {
  let total = 0;
  for (let i = from; i < from + count; i++) total += data[i];
  return total;
}

/** Add(x, Mul(x, g)) with g a HardSigmoid's output (a squeeze-and-excitation gate, one value per channel): Mul(x, Add(g, 1)). */
function foldResidualGates(nodes, graphOutputs) {
  const graph = index(nodes, graphOutputs);
  const removed = new Set();
  const replaced = new Map();
  for (const add of nodes) {
    if (add.opType !== "Add" || add.domain || add.inputs.length !== 2) continue;
    for (const k of [0, 1]) {
      const x = add.inputs[k];
      const mul = graph.producer.get(add.inputs[1 - k]);
      if (mul?.opType !== "Mul" || mul.domain || graph.soleConsumer(mul.outputs[0]) !== add || !mul.inputs.includes(x)) continue;
      const gate = mul.inputs[0] === x ? mul.inputs[1] : mul.inputs[0];
      if (graph.producer.get(gate)?.opType !== "HardSigmoid") continue;
      const one = constantNode(`${add.outputs[0]}.one`, { dims: [1], data: Float32Array.of(1) });
      const plusOne = makeNode("Add", [gate, one.outputs[0]], [`${add.outputs[0]}.gate`]);
      removed.add(mul);
      replaced.set(add, [one, plusOne, makeNode("Mul", [x, plusOne.outputs[0]], add.outputs)]);
      break;
    }
  }
  return nodes.flatMap((n) => (removed.has(n) ? [] : (replaced.get(n) ?? [n])));
}

/** Constants nothing reads any more (the weights replaced above). */
function dropUnused(nodes, graphOutputs) {
  const read = new Set(graphOutputs);
  for (const n of nodes) for (const name of n.inputs) read.add(name);
  return nodes.filter((n) => n.opType !== "Constant" || n.outputs.some((o) => read.has(o)));
}
