/**
 * @module An ONNX model's graph as editable nodes (onnx.proto's ModelProto, GraphProto, NodeProto,
 * AttributeProto, TensorProto: only the fields read here are named), over ./protobuf.mjs. A node that is
 * not edited is written back from the bytes it was read from; every other field of the model (weights
 * held as initializers, inputs, outputs, metadata, fields this module does not know) is kept as it was.
 */
import { BYTES, FIXED32, concat, field, floatField, packedVarints, readFields, text } from "./protobuf.mjs";

const MODEL = { graph: 7 };
const GRAPH = { node: 1, output: 12 };
const VALUE_INFO = { name: 1 };
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 };
const ATTRIBUTE = { name: 1, f: 2, i: 3, t: 5, floats: 7, ints: 8, type: 20 };
const ATTRIBUTE_TYPE = { float: 1, int: 2, tensor: 4, floats: 6, ints: 7 };
const TENSOR = { dims: 1, dataType: 2, floatData: 4, name: 8, rawData: 9 };
const FLOAT = 1;

/**
 * @typedef {{opType: string, domain: string, name: string, inputs: string[], outputs: string[], attributes: Attribute[], raw?: Uint8Array}} Node
 *   `raw`: the node as read, written back while the node is unchanged (an edit clears it)
 * @typedef {{name: string, fields: import("./protobuf.mjs").Field[], bytes: Uint8Array}} Attribute
 * @typedef {{dims: number[], data: Float32Array}} FloatTensor
 * @typedef {{fields: import("./protobuf.mjs").Field[], graphFields: import("./protobuf.mjs").Field[], nodes: Node[], outputs: string[]}} Model
 *   `outputs`: the graph's output names
 */

/** @returns {Model} */
export function readModel(file) {
  // A Buffer's slice() is a view, not a copy: read a plain Uint8Array.
  const fields = readFields(new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
  const graphField = fields.find((f) => f.number === MODEL.graph);
  if (!graphField) throw new Error("ONNX model without a graph");
  const graphFields = readFields(graphField.value);
  const nodes = graphFields.filter((f) => f.number === GRAPH.node).map((f) => readNode(f.value));
  const outputs = graphFields
    .filter((f) => f.number === GRAPH.output)
    .map((f) => text(readFields(f.value).find((v) => v.number === VALUE_INFO.name)));
  return { fields, graphFields, nodes, outputs };
}

function readNode(bytes) {
  const node = { opType: "", domain: "", name: "", inputs: [], outputs: [], attributes: [], raw: bytes };
  for (const f of readFields(bytes)) {
    if (f.number === NODE.input) node.inputs.push(text(f));
    else if (f.number === NODE.output) node.outputs.push(text(f));
    else if (f.number === NODE.name) node.name = text(f);
    else if (f.number === NODE.opType) node.opType = text(f);
    else if (f.number === NODE.domain) node.domain = text(f);
    else if (f.number === NODE.attribute) {
      const attributeFields = readFields(f.value);
      node.attributes.push({ name: text(attributeFields.find((a) => a.number === ATTRIBUTE.name)), fields: attributeFields, bytes: f.value });
    }
  }
  return node;
}

/** The model's bytes with `model.nodes` in place of the graph's nodes. */
export function writeModel(model) {
  const nodeBytes = model.nodes.map((node) => field(GRAPH.node, node.raw ?? nodeProto(node)));
  const graphParts = [];
  let nodesWritten = false;
  for (const f of model.graphFields) {
    if (f.number !== GRAPH.node) graphParts.push(f.raw);
    else if (!nodesWritten) {
      graphParts.push(...nodeBytes);
      nodesWritten = true;
    }
  }
  if (!nodesWritten) graphParts.push(...nodeBytes);
  const graph = concat(graphParts);
  return concat(
    model.fields.map((f) => {
      if (f.number === MODEL.graph) return field(MODEL.graph, graph);
      return f.raw;
    }),
  );
}

function nodeProto(node) {
  return concat([
    ...node.inputs.map((name) => field(NODE.input, name)),
    ...node.outputs.map((name) => field(NODE.output, name)),
    ...(node.name ? [field(NODE.name, node.name)] : []),
    field(NODE.opType, node.opType),
    ...node.attributes.map((a) => field(NODE.attribute, a.bytes)),
    ...(node.domain ? [field(NODE.domain, node.domain)] : []),
  ]);
}

/** A new node (no bytes of its own until written). */
export function makeNode(opType, inputs, outputs, attributes = [], name = outputs[0]) {
  return { opType, domain: "", name, inputs, outputs, attributes };
}

export function floatAttribute(name, value) {
  return attribute(name, [field(ATTRIBUTE.name, name), floatField(ATTRIBUTE.f, value), field(ATTRIBUTE.type, ATTRIBUTE_TYPE.float)]);
}

function attribute(name, parts) {
  const bytes = concat(parts);
  return { name, fields: readFields(bytes), bytes };
}

/** An attribute's integer or list of integers (`fallback` when absent). */
export function intsAttribute(node, name, fallback) {
  const found = node.attributes.find((a) => a.name === name);
  if (!found) return fallback;
  const values = [];
  for (const f of found.fields) {
    if (f.number === ATTRIBUTE.i) return Number(f.value);
    if (f.number === ATTRIBUTE.ints) {
      if (f.type === BYTES) values.push(...packedVarints(f.value));
      else values.push(Number(BigInt.asIntN(64, BigInt(f.value))));
    }
  }
  return values;
}

/** An attribute's float (`fallback` when absent). */
export function floatAttributeValue(node, name, fallback) {
  const f = node.attributes.find((a) => a.name === name)?.fields.find((x) => x.number === ATTRIBUTE.f && x.type === FIXED32);
  return f ? littleEndian(f.value).getFloat32(0, true) : fallback;
}

export function stringAttributeValue(node, name) {
  const f = node.attributes.find((a) => a.name === name)?.fields.find((x) => x.number === 4);
  return f ? text(f) : undefined;
}

const littleEndian = (bytes) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The float tensor a Constant node holds (`value` attribute), or null: another type, or a value this
 * module does not read.
 * @returns {FloatTensor | null}
 */
export function constantValue(node) {
  if (node.opType !== "Constant" || node.domain) return null;
  const tensorField = node.attributes.find((a) => a.name === "value")?.fields.find((f) => f.number === ATTRIBUTE.t);
  return tensorField ? floatTensor(tensorField.value) : null;
}

function floatTensor(bytes) {
  const fields = readFields(bytes);
  if (Number(fields.find((f) => f.number === TENSOR.dataType)?.value) !== FLOAT) return null;
  const dims = [];
  for (const f of fields.filter((x) => x.number === TENSOR.dims)) {
    if (f.type === BYTES) dims.push(...packedVarints(f.value));
    else dims.push(Number(f.value));
  }
  const size = dims.reduce((a, b) => a * b, 1);
  const raw = fields.find((f) => f.number === TENSOR.rawData);
  let data;
  if (raw) data = new Float32Array(raw.value.slice().buffer);
  else {
    const floats = fields.filter((f) => f.number === TENSOR.floatData);
    data = new Float32Array(
      floats.flatMap((f) => (f.type === BYTES ? [...new Float32Array(f.value.slice().buffer)] : [littleEndian(f.value).getFloat32(0, true)])),
    );
  }
  return data.length === size ? { dims, data } : null;
}

/** A Constant node whose output `name` is the float tensor `tensor`. */
export function constantNode(name, tensor) {
  const tensorBytes = concat([
    ...tensor.dims.map((d) => field(TENSOR.dims, d)),
    field(TENSOR.dataType, FLOAT),
    field(TENSOR.name, name),
    field(TENSOR.rawData, new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength)),
  ]);
  const value = attribute("value", [field(ATTRIBUTE.name, "value"), field(ATTRIBUTE.t, tensorBytes), field(ATTRIBUTE.type, ATTRIBUTE_TYPE.tensor)]);
  return makeNode("Constant", [], [name], [value]);
}
