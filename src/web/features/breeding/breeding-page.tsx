import { Baby, Eye, Heart, Plus, TrendingUp } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import {
  type BreedingInput,
  type BreedingRecord,
  type BreedingStatus,
  breedingStatuses,
  breedTypes,
  expectedCalving,
  serviceTypes,
  technicians,
} from "../../../contract/breeding";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { DetailsDialog } from "../../components/ui/details-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { FormFooter } from "../../components/ui/form-footer";
import { Input } from "../../components/ui/input";
import { LoadingCards } from "../../components/ui/loading-cards";
import { NativeSelect } from "../../components/ui/native-select";
import { StatCard } from "../../components/ui/stat-card";
import { TableHead } from "../../components/ui/table-head";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { localToday } from "../../lib/dates";
import { formatDate } from "../../lib/format";
import { useFormFields } from "../../lib/use-form-fields";
import {
  useBreedingRecords,
  useBreedingSummary,
  useCreateBreedingRecord,
  useSetBreedingStatus,
  useViableMaterial,
} from "./api";

const tone = {
  breeding: "blue",
  pregnant: "purple",
  calved: "green",
  failed: "red",
  open: "yellow",
} as const;

function AddRecordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const stock = useViableMaterial(open);
  const empty = () => ({
    animalId: "",
    animalName: "",
    breedType: "Holstein",
    serviceType: "AI",
    serviceDate: localToday(),
    technician: technicians[0] as string,
    geneticMaterial: "",
    inventoryItemId: "",
    notes: "",
  });
  const [form, set, setForm] = useFormFields(empty);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the dialog opens
  useEffect(() => {
    if (open) setForm(empty());
  }, [open]);
  const pickMaterial = (id: string) => {
    const item = stock.data?.find((i) => String(i.id) === id);
    setForm((f) => ({ ...f, inventoryItemId: id, geneticMaterial: item ? item.itemId : f.geneticMaterial }));
  };
  const create = useCreateBreedingRecord();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.animalId.trim() || !form.animalName.trim() || !form.geneticMaterial.trim()) {
      toast({ variant: "destructive", title: "Error", description: "Please fill in all required fields" });
      return;
    }
    create.mutate(
      {
        ...form,
        breedType: form.breedType as BreedingInput["breedType"],
        serviceType: form.serviceType as BreedingInput["serviceType"],
        inventoryItemId: form.inventoryItemId ? Number(form.inventoryItemId) : null,
      },
      {
        onSuccess: () => {
          toast({ title: "Success", description: "Breeding record added successfully" });
          onOpenChange(false);
        },
        onError: () =>
          toast({ variant: "destructive", title: "Error", description: "Failed to add breeding record" }),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Breeding Record</DialogTitle>
          <DialogDescription>
            Expected calving:{" "}
            {form.serviceDate ? formatDate(`${expectedCalving(form.serviceDate)}T12:00:00Z`) : "–"} (280 days)
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <Field id="br-animal-id" label="Animal ID *">
            <Input id="br-animal-id" value={form.animalId} onChange={set("animalId")} />
          </Field>
          <Field id="br-animal-name" label="Animal name *">
            <Input id="br-animal-name" value={form.animalName} onChange={set("animalName")} />
          </Field>
          <Field id="br-breed" label="Breed">
            <NativeSelect id="br-breed" value={form.breedType} onChange={set("breedType")}>
              {breedTypes.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="br-service" label="Service type">
            <NativeSelect id="br-service" value={form.serviceType} onChange={set("serviceType")}>
              {serviceTypes.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="br-date" label="Service date">
            <Input
              id="br-date"
              type="date"
              max={localToday()}
              value={form.serviceDate}
              onChange={set("serviceDate")}
            />
          </Field>
          <Field id="br-tech" label="Technician">
            <NativeSelect id="br-tech" value={form.technician} onChange={set("technician")}>
              {technicians.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="br-stock" label="From inventory (uses one unit)">
            <NativeSelect
              id="br-stock"
              value={form.inventoryItemId}
              onChange={(e) => pickMaterial(e.target.value)}
            >
              <option value="">Not from our stock</option>
              {stock.data
                ?.filter((i) => i.availableStock > 0)
                .map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.itemId} · {i.breedName} ({i.availableStock} free)
                  </option>
                ))}
            </NativeSelect>
          </Field>
          <Field id="br-material" label="Genetic material *">
            <Input
              id="br-material"
              placeholder="Straw or embryo ID"
              value={form.geneticMaterial}
              onChange={set("geneticMaterial")}
            />
          </Field>
          <Field id="br-notes" label="Notes" className="sm:col-span-2">
            <Textarea id="br-notes" rows={2} value={form.notes} onChange={set("notes")} />
          </Field>
          <FormFooter
            className="sm:col-span-2"
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Add Record"
            pendingLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RecordDetails({ record, onClose }: { record: BreedingRecord | undefined; onClose: () => void }) {
  if (!record) return null;
  const rows: [string, string][] = [
    ["Animal", `${record.animalName} (${record.animalId})`],
    ["Breed", record.breedType],
    ["Service", record.serviceType],
    ["Service date", formatDate(`${record.serviceDate}T12:00:00Z`)],
    ["Expected calving", formatDate(`${record.expectedCalvingDate}T12:00:00Z`)],
    ["Technician", record.technician],
    ["Genetic material", record.geneticMaterial],
    ["Status", record.status],
    ["Success", record.success ? "Yes" : "No"],
    ["Notes", record.notes || "–"],
  ];
  return (
    <DetailsDialog title="Breeding record" description={record.animalName} rows={rows} onClose={onClose} />
  );
}

export default function BreedingPage() {
  const records = useBreedingRecords();
  const summary = useBreedingSummary();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<BreedingRecord>();
  const setStatus = useSetBreedingStatus();
  const statusChanged = {
    onSuccess: () => toast({ title: "Success", description: "Record status updated" }),
    onError: (e: Error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorMessage(e) ?? "Failed to update record",
      }),
  };
  const s = summary.data;
  return (
    <div>
      <PageHeader
        title="Breeding Records"
        subtitle="AI, embryo transfer and natural services with their outcomes"
        actions={
          <Button onClick={() => setOpen(true)}>
            <Plus /> Add Breeding Record
          </Button>
        }
      />
      {summary.isLoading ? (
        <LoadingCards />
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard label="Total Records" value={s?.totalRecords} icon={Heart} />
          <StatCard label="Pregnant" value={s?.pregnant} icon={Heart} />
          <StatCard label="Calved" value={s?.calved} icon={Baby} />
          <StatCard label="Success Rate" value={s ? `${s.successRate}%` : undefined} icon={TrendingUp} />
        </div>
      )}
      <Card className="mt-6 p-4 sm:p-6">
        {records.isLoading ? (
          <LoadingCards testId="breeding-loading" />
        ) : !records.data?.length ? (
          <EmptyState icon={Heart} title="No breeding records found" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[900px] text-left text-sm">
              <TableHead
                columns={[
                  "Animal",
                  "Breed",
                  "Service",
                  "Service Date",
                  "Expected Calving",
                  "Technician",
                  "Status",
                  "Actions",
                ]}
              />
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {records.data.map((r) => (
                  <tr key={r.id} data-testid="breeding-row">
                    <td className="py-2 pr-3">
                      <p className="font-medium">{r.animalName}</p>
                      <p className="font-mono text-xs text-gray-500">{r.animalId}</p>
                    </td>
                    <td className="py-2 pr-3">{r.breedType}</td>
                    <td className="py-2 pr-3">{r.serviceType}</td>
                    <td className="py-2 pr-3">{formatDate(`${r.serviceDate}T12:00:00Z`)}</td>
                    <td className="py-2 pr-3">{formatDate(`${r.expectedCalvingDate}T12:00:00Z`)}</td>
                    <td className="py-2 pr-3">{r.technician}</td>
                    <td className="py-2 pr-3">
                      <Badge tone={tone[r.status]} className="capitalize">
                        {r.status}
                      </Badge>
                    </td>
                    <td className="py-2">
                      <div className="flex items-center gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`View ${r.animalId}`}
                          onClick={() => setViewing(r)}
                        >
                          <Eye />
                        </Button>
                        {r.status !== "calved" && (
                          <NativeSelect
                            aria-label={`Status of ${r.animalId}`}
                            className="h-9 w-32 capitalize"
                            value={r.status}
                            onChange={(e) =>
                              setStatus.mutate(
                                { id: r.id, status: e.target.value as BreedingStatus },
                                statusChanged,
                              )
                            }
                          >
                            {breedingStatuses.map((st) => (
                              <option key={st} value={st}>
                                {st}
                              </option>
                            ))}
                          </NativeSelect>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <AddRecordDialog open={open} onOpenChange={setOpen} />
      <RecordDetails record={viewing} onClose={() => setViewing(undefined)} />
    </div>
  );
}
