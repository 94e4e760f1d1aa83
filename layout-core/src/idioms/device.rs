//! The names operator code prints in its logs: the device a kernel runs on,
//! and a kernel's attributes (device and operator).

use core::fmt;

/// Where a kernel runs.
///
/// ```
/// use layout_core::idioms::Device;
/// assert_eq!(Device::Cpu.to_string(), "CPU");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Device {
    /// The host processor.
    Cpu,
    /// An NVIDIA GPU through CUDA.
    Cuda,
}

/// The operator a kernel implements; displays as its name.
///
/// ```
/// use layout_core::idioms::OpType;
/// assert_eq!(OpType::UniqueConsecutive.to_string(), "UniqueConsecutive");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OpType {
    /// Element-wise addition (broadcasting).
    Add,
    /// Element-wise subtraction (broadcasting).
    Sub,
    /// Element-wise multiplication (broadcasting).
    Mul,
    /// Element-wise division (broadcasting).
    Div,
    /// Matrix multiplication.
    MatMul,
    /// A permutation of the axes.
    Transpose,
    /// The diagonal of two axes, as torch's `diagonal`.
    Diagonal,
    /// Sorting along one axis.
    Sort,
    /// Collapsing runs of equal elements, as torch's `unique_consecutive`.
    UniqueConsecutive,
}

/// A kernel's identity in a registry: its device and its operator, printed
/// `DEVICE, OPERATOR`.
///
/// ```
/// use layout_core::idioms::{Device, KernelAttrs, OpType};
/// let attrs = KernelAttrs { device: Device::Cpu, op: OpType::MatMul };
/// assert_eq!(attrs.to_string(), "CPU, MatMul");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KernelAttrs {
    /// Where the kernel runs.
    pub device: Device,
    /// What the kernel computes.
    pub op: OpType,
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Device::Cpu => "CPU",
            Device::Cuda => "CUDA",
        })
    }
}

impl fmt::Display for OpType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The variant names are the operator names.
        fmt::Debug::fmt(self, f)
    }
}

impl fmt::Display for KernelAttrs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", self.device, self.op)
    }
}
